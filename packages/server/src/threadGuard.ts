import type { Mastra } from '@mastra/core';
import type { MiddlewareHandler } from 'hono';
import { DEFAULT_CHAT_PATHS } from './answerGuard.ts';
import { normalizePrefix } from './guardedPaths.ts';

/** The routes that start a run on a thread and wait for the thread to be free first. */
export const THREAD_ROUTES: readonly string[] = ['stream', 'stream-until-idle'];

/** `code` of the thread guard's HTTP 409 ({@link ThreadWaitingBody}): a question waits on the thread. */
export const THREAD_WAITING_CODE = 'thread-waiting';

/** The JSON body of the thread guard's HTTP 409. */
export interface ThreadWaitingBody {
  /** What happened and what to do, in words for a developer or a user. */
  error: string;
  code: typeof THREAD_WAITING_CODE;
  threadId: string;
  /** The agent whose question the thread waits on. */
  waitingAgentId: string;
  /** Its suspended run and the tool call that waits, to answer with `resume-stream`. */
  runId: string;
  toolCallId: string | undefined;
}

/** `threadGuard`'s options. */
export interface ThreadGuardOptions {
  /** Mastra's API prefix. Default: the Mastra instance's `server.apiPrefix`, else `/api`. */
  apiPrefix?: string;
  /** The Mastra instance. Default: the one Mastra's Hono adapter puts on the request context. */
  mastra?: Mastra;
  /**
   * The paths of `@mastra/ai-sdk`'s `chatRoute`, outside the API prefix, whose new messages (no
   * `resumeData`) start a stream too; the agent is the `:agentId` segment. Default:
   * {@link DEFAULT_CHAT_PATHS}; `[]` guards none.
   */
  chatPaths?: readonly string[];
}

const DEFAULT_API_PREFIX = '/api';
// Mastra's agent loop is a workflow; its stored snapshot says who suspended and on which call.
const AGENT_LOOP_WORKFLOW = 'agentic-loop';

type GuardEnv = { Variables: { mastra?: Mastra } };

interface ThreadTarget {
  threadId: string;
  resourceId: string | undefined;
}

interface Waiting {
  agentId: string;
  toolCallId: string | undefined;
}

/**
 * Middleware that refuses, with HTTP 409 and a {@link ThreadWaitingBody}, a stream on a thread
 * where another agent's run is suspended on a question. Mastra (1.71) lets one run own a thread
 * at a time and makes any other agent's stream wait until that run finishes; a run suspended on
 * a question only finishes once someone answers it, so without this guard the request never gets
 * an answer. Streams of the agent that asked, on other threads, or with read-only memory pass.
 * It guards the agent stream routes ({@link THREAD_ROUTES}) and `chatRoute`'s new messages.
 * @example
 * new Mastra({ storage, agents, server: { middleware: [threadGuard()] } });
 */
export function threadGuard(options: ThreadGuardOptions = {}): MiddlewareHandler<GuardEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const mastra = options.mastra ?? c.get('mastra');
    if (!mastra) return next();
    const apiPrefix = options.apiPrefix ?? mastra.getServer()?.apiPrefix ?? DEFAULT_API_PREFIX;
    const chat = chatAgent(c.req.path, options.chatPaths ?? DEFAULT_CHAT_PATHS);
    const agentKey = chat ?? streamedAgent(c.req.path, apiPrefix);
    if (agentKey === undefined) return next();
    const agent = findAgent(mastra, agentKey);
    // An unknown agent or a body Mastra refuses: Mastra answers that itself.
    if (!agent) return next();
    const target = await readThreadTarget(c.req.raw, chat !== undefined);
    if (!target) return next();

    const runId = agent.getActiveThreadRunId(target);
    if (runId === undefined) return next();
    const waiting = await findWaiting(mastra, runId);
    // Running (it ends by itself), or the asking agent's own thread: Mastra lets those through.
    if (!waiting || waiting.agentId === agent.id) return next();

    const body: ThreadWaitingBody = {
      error:
        `Thread "${target.threadId}" is waiting for an answer to agent "${waiting.agentId}"'s question, ` +
        `so agent "${agent.id}" cannot start a run on it. Answer that question first ` +
        `(resume-stream on agent "${waiting.agentId}"), or use a new thread for agent "${agent.id}".`,
      code: THREAD_WAITING_CODE,
      threadId: target.threadId,
      waitingAgentId: waiting.agentId,
      runId,
      toolCallId: waiting.toolCallId,
    };
    return c.json(body, 409);
  };
}

/** The agent key of a `POST {apiPrefix}/agents/:agentId/stream` (or `stream-until-idle`) path. */
function streamedAgent(path: string, apiPrefix: string): string | undefined {
  const prefix = normalizePrefix(apiPrefix);
  if (!path.startsWith(`${prefix}/`)) return undefined;
  const segments = path.slice(prefix.length + 1).split('/');
  if (segments.length !== 3 || segments[0] !== 'agents' || !segments[1]) return undefined;
  if (!THREAD_ROUTES.includes(segments[2]!)) return undefined;
  return decoded(segments[1]);
}

/** The `:agentId` segment of a path that matches one of the chat path patterns. */
function chatAgent(path: string, patterns: readonly string[]): string | undefined {
  const segments = path.split('/').filter(Boolean);
  for (const pattern of patterns) {
    const expected = pattern.split('/').filter(Boolean);
    if (segments.length !== expected.length) continue;
    const matches = expected.every((part, index) => part.startsWith(':') || part === segments[index]);
    const at = expected.indexOf(':agentId');
    if (matches && at >= 0) return decoded(segments[at]!);
  }
  return undefined;
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

// Mastra's routes take the agent's key in `new Mastra({ agents })` or its id.
function findAgent(mastra: Mastra, key: string) {
  try {
    return mastra.getAgent(key);
  } catch {
    try {
      return mastra.getAgentById(key);
    } catch {
      return undefined;
    }
  }
}

/**
 * The thread a stream request runs on, read from a clone as Mastra's stream route reads it:
 * `memory.thread` (an id, or `{ id }`) and `memory.resource`. None without a thread, with
 * read-only memory (Mastra does not make it wait), or for a chat request that answers a question
 * (`resumeData`: a resume, which the asking agent's own run takes).
 */
async function readThreadTarget(request: Request, chat: boolean): Promise<ThreadTarget | undefined> {
  if (!(request.headers.get('content-type') ?? '').includes('application/json')) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(await request.clone().text());
  } catch {
    return undefined;
  }
  if (chat && isRecord(body) && body.resumeData) return undefined;
  const memory = isRecord(body) && isRecord(body.memory) ? body.memory : undefined;
  if (!memory) return undefined;
  if (isRecord(memory.options) && memory.options.readOnly) return undefined;
  const thread = isRecord(memory.thread) ? memory.thread.id : memory.thread;
  if (typeof thread !== 'string' || thread === '') return undefined;
  const resourceId = typeof memory.resource === 'string' ? memory.resource : undefined;
  return { threadId: thread, resourceId };
}

/**
 * Who the run waits on, from its stored snapshot: the agent and tool call of a suspended step.
 * None while the run is not suspended.
 */
async function findWaiting(mastra: Mastra, runId: string): Promise<Waiting | undefined> {
  const workflows = await mastra.getStorage()?.getStore('workflows');
  const snapshot = await workflows?.loadWorkflowSnapshot({ workflowName: AGENT_LOOP_WORKFLOW, runId });
  if (!snapshot || snapshot.status !== 'suspended') return undefined;
  for (const step of Object.values(snapshot.context ?? {})) {
    if (!isRecord(step) || step.status !== 'suspended' || !isRecord(step.suspendPayload)) continue;
    const payload = step.suspendPayload;
    if (typeof payload.__agentId !== 'string') continue;
    const toolCallId = typeof payload.toolCallId === 'string' ? payload.toolCallId : undefined;
    return { agentId: payload.__agentId, toolCallId };
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
