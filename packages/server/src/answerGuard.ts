import type { Mastra } from '@mastra/core';
import type { MiddlewareHandler } from 'hono';
import type { ClaimStore } from './ClaimStore.ts';
import { findSuspension } from './findSuspension.ts';
import { type GuardedRoute, readAnswerIds } from './readAnswerIds.ts';

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
 * `@ask-user-kit/testing`, any runtime under `/copilotkit`). A POST there whose `RunAgentInput`
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
