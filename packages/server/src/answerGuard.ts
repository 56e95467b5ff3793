import type { Mastra } from '@mastra/core';
import type { MiddlewareHandler } from 'hono';
import type { ClaimStore } from './ClaimStore.ts';

/** The routes that answer a suspended tool call (`POST {apiPrefix}/agents/:agentId/<route>`). */
export const GUARDED_ROUTES: readonly string[] = [
  'resume-stream',
  'resume-stream-until-idle',
  'approve-tool-call',
  'approve-tool-call-generate',
  'decline-tool-call',
  'decline-tool-call-generate',
];

/**
 * Where `@mastra/ai-sdk`'s `chatRoute` is served by default. A POST there whose body has
 * `resumeData` (with `runId` and `toolCallId`) answers a question, like `resume-stream`.
 */
export const DEFAULT_CHAT_PATHS: readonly string[] = ['/chat/:agentId'];

/**
 * Where CopilotKit's runtime runs an AG-UI agent by default (`copilotKitRoute()` of
 * `@ask-user-kit/server/copilotkit`, any runtime under `/copilotkit`). A POST there whose `RunAgentInput`
 * resolves an interrupt (`resume`, or the older `forwardedProps.command`) answers a question.
 */
export const DEFAULT_AG_UI_PATHS: readonly string[] = ['/copilotkit/agent/:agentId/run'];

export const ALREADY_ANSWERED_MESSAGE = 'This question was already answered.';
export const ALREADY_ANSWERED_CODE = 'already-answered';

/** The JSON body of the guard's HTTP 409. */
export interface AlreadyAnsweredBody {
  error: typeof ALREADY_ANSWERED_MESSAGE;
  code: typeof ALREADY_ANSWERED_CODE;
  runId: string;
  toolCallId: string;
}

export interface AnswerGuardOptions {
  /** Where claims are recorded; share it (one database) between every server instance. */
  claims: ClaimStore;
  /** Mastra's API prefix. Default: the Mastra instance's `server.apiPrefix`, else `/api`. */
  apiPrefix?: string;
  /**
   * Where the guard reads the run's suspension (which call, and when it was suspended). Default:
   * the instance Mastra's Hono adapter puts on the request context.
   */
  mastra?: Mastra;
  /**
   * The paths of `@mastra/ai-sdk`'s `chatRoute` (and `handleChatStream` routes) to guard, outside
   * the API prefix; a `:name` segment matches any one segment. Only their requests with
   * `resumeData` are answers. Default: {@link DEFAULT_CHAT_PATHS}; `[]` guards none.
   */
  chatPaths?: readonly string[];
  /**
   * The AG-UI run routes to guard (CopilotKit's runtime serving `@ag-ui/mastra` agents), outside
   * the API prefix; a `:name` segment matches any one segment. Only their runs that resolve an
   * interrupt are answers: the one `@ag-ui/mastra` resumes, `forwardedProps.command.interruptEvent`
   * when it is there, else the first `resume` entry, whose `interruptId` is `<runId>::<toolCallId>`.
   * Default: {@link DEFAULT_AG_UI_PATHS}; `[]` guards none.
   */
  agUiPaths?: readonly string[];
}

const DEFAULT_API_PREFIX = '/api';
const RELEASE_FAILED_MESSAGE = 'ask-user-kit: could not release a claim; the question stays answered';
// Mastra's agent loop is a workflow; its stored snapshot lists the suspended steps.
const AGENT_LOOP_WORKFLOW = 'agentic-loop';

interface AnswerIds {
  runId: string;
  toolCallId: string | undefined;
}

type GuardEnv = { Variables: { mastra?: Mastra } };

/**
 * Middleware that lets exactly one answer through per question: before a resume, approve or
 * decline reaches Mastra, it claims `(runId, toolCallId)` in `claims`; whoever finds the question
 * already claimed gets HTTP 409 with an {@link AlreadyAnsweredBody}. A request Mastra does not
 * take (any status but 2xx) releases its claim, so the client can retry.
 * @example
 * const claims = libsqlClaimStore({ url: 'file:./mastra.db' });
 * new Mastra({ storage, agents, server: { middleware: [answerGuard({ claims })] } });
 */
export function answerGuard(options: AnswerGuardOptions): MiddlewareHandler<GuardEnv> {
  const { claims } = options;
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const mastra = options.mastra ?? c.get('mastra');
    const apiPrefix = options.apiPrefix ?? mastra?.getServer()?.apiPrefix ?? DEFAULT_API_PREFIX;
    const route = guardedRoute(c.req.path, apiPrefix, {
      chat: options.chatPaths ?? DEFAULT_CHAT_PATHS,
      agUi: options.agUiPaths ?? DEFAULT_AG_UI_PATHS,
    });
    if (!route) return next();

    const ids = await readAnswerIds(c.req.raw, route);
    // Not an answer (a chat message), or one without a runId, which Mastra refuses itself.
    if (!ids) return next();
    const suspension = await findSuspension(mastra, ids);
    const toolCallId = ids.toolCallId ?? suspension?.toolCallId;
    // Nothing suspended under that runId: Mastra answers that it found no suspended run.
    if (toolCallId === undefined) return next();
    const { runId } = ids;
    const suspendedAt = suspension?.suspendedAt;

    const claimed = await claims.claim(runId, toolCallId, suspendedAt);
    if (!claimed) {
      const body: AlreadyAnsweredBody = {
        error: ALREADY_ANSWERED_MESSAGE,
        code: ALREADY_ANSWERED_CODE,
        runId,
        toolCallId,
      };
      return c.json(body, 409);
    }

    const release = async () => {
      try {
        await claims.release(runId, toolCallId, suspendedAt);
      } catch (error) {
        // The request already failed; report the release failure without hiding that answer.
        mastra?.getLogger()?.error(RELEASE_FAILED_MESSAGE, { runId, toolCallId, error });
      }
    };
    try {
      await next();
    } catch (error) {
      await release();
      throw error;
    }
    // A stream that starts 200 and fails later keeps its claim: the server took the answer.
    if (c.res.status < 200 || c.res.status >= 300) await release();
  };
}

/** Which kind of answering route a request is on: an agent route, a chat route, an AG-UI run, or none. */
type GuardedRoute = 'agent' | 'chat' | 'ag-ui';

function guardedRoute(
  path: string,
  apiPrefix: string,
  paths: { chat: readonly string[]; agUi: readonly string[] },
): GuardedRoute | undefined {
  if (isAgentAnswerPath(path, apiPrefix)) return 'agent';
  if (paths.chat.some((pattern) => matchesPath(path, pattern))) return 'chat';
  if (paths.agUi.some((pattern) => matchesPath(path, pattern))) return 'ag-ui';
  return undefined;
}

/** Hono's way for the patterns chatRoute takes: literal segments, and `:name` for any one segment. */
function matchesPath(path: string, pattern: string): boolean {
  const segments = path.split('/').filter(Boolean);
  const expected = pattern.split('/').filter(Boolean);
  if (segments.length !== expected.length) return false;
  return expected.every((part, index) => (part.startsWith(':') ? true : part === segments[index]));
}

function isAgentAnswerPath(path: string, apiPrefix: string): boolean {
  const prefix = normalizePrefix(apiPrefix);
  if (!path.startsWith(`${prefix}/`)) return false;
  const segments = path.slice(prefix.length + 1).split('/');
  if (segments.length !== 3 || segments[0] !== 'agents' || !segments[1]) return false;
  return GUARDED_ROUTES.includes(segments[2]!);
}

// As Mastra normalizes it: `/` means none, `api/` means `/api`.
function normalizePrefix(apiPrefix: string): string {
  const trimmed = apiPrefix.trim().replace(/\/+$/, '');
  if (trimmed === '' || trimmed.startsWith('/')) return trimmed;
  return `/${trimmed}`;
}

/**
 * Reads `runId` and `toolCallId` from a clone, leaving the body for Mastra's handler. A chat
 * request answers only when its `resumeData` is truthy: chatRoute starts a new stream otherwise.
 */
async function readAnswerIds(request: Request, route: GuardedRoute): Promise<AnswerIds | undefined> {
  const fields = await readFields(request);
  if (fields && route === 'ag-ui') return agUiAnswerIds(fields);
  if (!fields || typeof fields.runId !== 'string' || fields.runId === '') return undefined;
  if (route === 'chat' && !fields.resumeData) return undefined;
  const toolCallId =
    typeof fields.toolCallId === 'string' && fields.toolCallId !== '' ? fields.toolCallId : undefined;
  return { runId: fields.runId, toolCallId };
}

/**
 * The interrupt an AG-UI `RunAgentInput` resolves, read as `@ag-ui/mastra`'s `MastraAgent` reads
 * it: `forwardedProps.command` when it has an `interruptEvent` (an object, or its JSON), else the
 * first `resume` entry `resolved` or `cancelled`. A cancelled one resumes nothing.
 */
function agUiAnswerIds(input: Record<string, unknown>): AnswerIds | undefined {
  const forwarded = isRecord(input.forwardedProps) ? input.forwardedProps : {};
  const command = isRecord(forwarded.command) ? forwarded.command : {};
  const { interruptEvent, resume } = command;
  if (interruptEvent) {
    // No resume: a new run; `false`: the interrupt cancelled. Neither reaches Mastra's resume.
    if (resume === undefined || resume === null || resume === false) return undefined;
    const event = typeof interruptEvent === 'string' ? parseFormValue(interruptEvent) : interruptEvent;
    if (!isRecord(event)) return undefined;
    return idsOf(event.runId, event.toolCallId);
  }
  const entries = Array.isArray(input.resume) ? (input.resume as unknown[]) : [];
  const entry = entries.find(
    (candidate): candidate is Record<string, unknown> =>
      isRecord(candidate) && (candidate.status === 'resolved' || candidate.status === 'cancelled'),
  );
  if (!entry || entry.status !== 'resolved' || typeof entry.interruptId !== 'string') return undefined;
  // `<runId>::<toolCallId>`, cut at the first `::` as MastraAgent cuts it.
  const cut = entry.interruptId.indexOf('::');
  if (cut < 0) return idsOf(input.runId, entry.interruptId);
  return idsOf(entry.interruptId.slice(0, cut), entry.interruptId.slice(cut + 2));
}

// MastraAgent refuses an interrupt without both (in the stream, after a 200): nothing to claim.
function idsOf(runId: unknown, toolCallId: unknown): AnswerIds | undefined {
  if (typeof runId !== 'string' || runId === '' || typeof toolCallId !== 'string' || toolCallId === '')
    return undefined;
  return { runId, toolCallId };
}

// The same two body types Mastra's Hono adapter reads, the same way (multipart fields JSON-parsed).
async function readFields(request: Request): Promise<Record<string, unknown> | undefined> {
  const contentType = request.headers.get('content-type') ?? '';
  if (contentType.includes('multipart/form-data')) return readMultipartFields(request);
  if (!contentType.includes('application/json')) return undefined;
  try {
    const body: unknown = JSON.parse(await request.clone().text());
    return isRecord(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

async function readMultipartFields(request: Request): Promise<Record<string, unknown> | undefined> {
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return undefined;
  }
  const fields: Record<string, unknown> = {};
  for (const name of ['runId', 'toolCallId']) {
    const value = form.get(name);
    if (typeof value === 'string') fields[name] = parseFormValue(value);
  }
  return fields;
}

function parseFormValue(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Suspension {
  toolCallId: string;
  /** When Mastra suspended the step, as it recorded it: differs for each question. */
  suspendedAt: string | undefined;
}

/**
 * The suspension a request answers, read from the run's stored snapshot: the call it names, or
 * the first suspended call (the one Mastra's `resumeStream` picks when none is named).
 */
async function findSuspension(mastra: Mastra | undefined, ids: AnswerIds): Promise<Suspension | undefined> {
  const workflows = await mastra?.getStorage()?.getStore('workflows');
  const snapshot = await workflows?.loadWorkflowSnapshot({
    workflowName: AGENT_LOOP_WORKFLOW,
    runId: ids.runId,
  });
  if (!snapshot) return undefined;
  for (const step of Object.values(snapshot.context ?? {})) {
    if (!isRecord(step) || step.status !== 'suspended' || !isRecord(step.suspendPayload)) continue;
    const suspendedAt = typeof step.suspendedAt === 'number' ? String(step.suspendedAt) : undefined;
    for (const payload of suspendedPayloads(step.suspendPayload)) {
      const toolCallId = toolCallIdOf(payload);
      if (toolCallId === undefined) continue;
      if (ids.toolCallId === undefined || ids.toolCallId === toolCallId) return { toolCallId, suspendedAt };
    }
  }
  return undefined;
}

// Tool calls run in a foreach: when its iterations are recorded, the suspended ones come first.
function suspendedPayloads(payload: Record<string, unknown>): Record<string, unknown>[] {
  const meta = payload.__workflow_meta;
  const output = isRecord(meta) ? meta.foreachOutput : undefined;
  const suspended = listOf(output).filter(
    (iteration): iteration is { suspendPayload: Record<string, unknown> } =>
      isRecord(iteration) && iteration.status === 'suspended' && isRecord(iteration.suspendPayload),
  );
  if (suspended.length === 0) return [payload];
  return suspended.map((iteration) => iteration.suspendPayload);
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value)) return Object.values(value);
  return [];
}

function toolCallIdOf(payload: Record<string, unknown>): string | undefined {
  const approval = payload.requireToolApproval;
  if (isRecord(approval) && typeof approval.toolCallId === 'string') return approval.toolCallId;
  if (typeof payload.toolCallId === 'string') return payload.toolCallId;
  return undefined;
}
