import { decodeChunks, type DecodeOptions } from '../decodeChunks.ts';
import {
  httpFailure,
  isAbortError,
  messageOf,
  NO_BODY_MESSAGE,
  responseTimeoutMessage,
  saysExpired,
  statusMessage,
  toRunError,
  TransportError,
  unexpectedAnswerMessage,
} from '../errors.ts';
import { quote } from '../quote.ts';
import type { AgentTransport, DecodeEvent, ResumeRequest, RunError, StreamRequest } from '../types.ts';
import { confirmExpiry } from './confirmExpiry.ts';
import { memoryOption } from './memoryOption.ts';
import { observedChunks, replayDeadline, type ReplayStart } from './observedChunks.ts';
import { parseSuspendedRuns } from './parseSuspendedRuns.ts';

/** Where and how `createFetchTransport` reaches the agent; `maxFrameLength` and `idleTimeout` bound its streams. */
export interface FetchTransportOptions extends DecodeOptions {
  /** The Mastra server's origin, e.g. `http://127.0.0.1:4111`; `''` for the page's own origin (a proxy). */
  baseUrl: string;
  /** The agent's id (its key in `new Mastra({ agents })`). */
  agentId: string;
  /** Default: the global `fetch`, looked up at each call. */
  fetch?: typeof globalThis.fetch;
  /** Extra headers (auth); a function is called before each request. */
  headers?: HeadersInit | (() => HeadersInit | Promise<HeadersInit>);
  /** Mastra's route prefix. Default `/api`. */
  apiPrefix?: string;
  /**
   * Milliseconds to wait for the server to start answering (its status and headers) before the
   * request stops with a `timeout` error. Mastra starts a stream's answer once the run is set up,
   * before the model's first token, so a slow model does not count; a run that waits for the
   * thread (another agent's question waits on it) never starts. Default 60,000: after a server
   * instance dies, Mastra waits for its thread lease (`MASTRA_AGENT_THREAD_LEASE_TTL_MS`, 15 s,
   * renewed) before it resumes a run of that thread elsewhere, about 30 s; `0` waits forever.
   */
  responseTimeout?: number;
}

// The runs whose replay point a transport remembers.
const MAX_REPLAY_STARTS = 64;

/** `responseTimeout`'s default: 60 s, twice what Mastra may wait for a dead instance's thread lease. */
export const DEFAULT_RESPONSE_TIMEOUT = 60_000;
// setTimeout fires at once past this many ms (about 24.8 days): longer timeouts wait this long.
const LONGEST_TIMER = 2 ** 31 - 1;

/**
 * The default transport: Mastra's HTTP routes through `fetch`, no client library in the bundle.
 * Runs are tied to the conversation with Mastra's `memory: { thread, resource }` (Mastra records
 * only that, not top-level ids). Suspended runs are listed by `resourceId` on the server and
 * filtered by `threadId` here: `?threadId=` is refused unless the agent has memory configured.
 * HTTP 409 (the exactly-once guard: another client answered first) is `answered-elsewhere`; a
 * resume refused otherwise is `expired` only when the suspended-runs list no longer has its call.
 * @example
 * const transport = createFetchTransport({ baseUrl: 'http://127.0.0.1:4111', agentId: 'planner' });
 */
export function createFetchTransport(options: FetchTransportOptions): AgentTransport {
  const root = `${options.baseUrl.replace(/\/+$/, '')}${options.apiPrefix ?? '/api'}/agents/${encodeURIComponent(options.agentId)}`;

  /**
   * Sends a request: a POST with a JSON body, answered by an event stream (decoded), or a GET,
   * answered by JSON (parsed). Every failure but an abort is a `TransportError`: no answer, an
   * error status (409: `answered-elsewhere`), or an answer of the wrong kind (an HTML page).
   * An error answer's parsed body is the error's `cause`.
   */
  async function request(path: string, signal: AbortSignal | undefined, body?: object): Promise<unknown> {
    const url = root + path;
    const { headers: extra } = options;
    const headers = new Headers(typeof extra === 'function' ? await extra() : extra);
    if (body) headers.set('content-type', 'application/json');
    const deadline = responseDeadline(signal, options.responseTimeout ?? DEFAULT_RESPONSE_TIMEOUT);
    const response = await (options.fetch ?? fetch)(url, {
      method: body ? 'POST' : 'GET',
      headers,
      body: body && JSON.stringify(body),
      signal: deadline.signal,
    })
      .catch((error: unknown) => {
        if (deadline.expired()) throw new TransportError(deadline.failure, { cause: error });
        throw isAbortError(error) ? error : new TransportError(toRunError(error), { cause: error });
      })
      .finally(deadline.clear);
    const { ok, status } = response;
    const type = response.headers.get('content-type') ?? '';
    // A stream without a content type (a proxy may drop it) is decoded too.
    if (ok && body && (!type || type.includes('text/event-stream'))) {
      if (!response.body) throw new TransportError({ code: 'http', status, message: NO_BODY_MESSAGE });
      return decodeChunks(response.body, options);
    }
    // Read to its end: a list, an error (Mastra answers `{ error: "…" }`; a proxy may answer HTML,
    // or nothing), or what a dev server's SPA fallback answers a wrong URL with (200, HTML).
    const answer: unknown = await response.json().catch(() => signal?.throwIfAborted());
    if (ok && !body && answer !== undefined) return answer;
    if (ok) {
      const got = type.includes('html') ? 'HTML' : quote(type || 'no content type');
      throw new TransportError({
        code: 'http',
        status,
        message: unexpectedAnswerMessage(got, body ? 'an event stream' : 'JSON'),
      });
    }
    const error = (Object(answer) as { error?: unknown }).error;
    throw new TransportError(
      httpFailure(status, messageOf(error, messageOf(answer, statusMessage(status))), answer),
      { cause: answer },
    );
  }

  /**
   * POSTs a stream or resume request to `path`: its ids go to `memory`, the rest is the body. A
   * durable agent's stream would stay open across a suspension: `closeOnSuspend` ends it there, as
   * a plain agent's does (which ignores the option).
   */
  const post = (path: string, { threadId, resourceId, signal, ...body }: StreamRequest | ResumeRequest) =>
    request(path, signal, {
      ...body,
      memory: memoryOption(threadId, resourceId),
      closeOnSuspend: true,
    }) as Promise<AsyncIterable<DecodeEvent[]>>;
  // Per run, the latest point a replay reached: the next replay of that run starts there.
  const replayStarts = new Map<string, ReplayStart>();

  const transport: AgentTransport = {
    stream: (streamRequest) => post('/stream', streamRequest),

    // An approval's answer takes Mastra's approve or decline route (the body has no resumeData).
    async resume({ approval, ...resumeRequest }) {
      try {
        return await post(approval ? `/${approval}-tool-call` : '/resume-stream', resumeRequest);
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        const failure = await confirmExpiry(
          error.error,
          saysExpired(error.cause),
          resumeRequest,
          transport.listSuspended,
        );
        throw failure === error.error ? error : new TransportError(failure, { cause: error });
      }
    },

    async observe({ runId, position, signal }) {
      const known = replayStarts.get(runId);
      const start = known && known.chunks <= position ? known : { offset: 0, chunks: 0 };
      const deadline = replayDeadline(signal);
      const body = { runId, offset: start.offset };
      const events = (await request('/observe', deadline.signal, body).catch((error: unknown) => {
        throw deadline.failure(error);
      })) as AsyncIterable<DecodeEvent[]>;
      const learn = (reached: ReplayStart) => {
        replayStarts.delete(runId);
        // Most recent last: the oldest run is forgotten first.
        if (replayStarts.size >= MAX_REPLAY_STARTS) replayStarts.delete(replayStarts.keys().next().value!);
        replayStarts.set(runId, reached);
      };
      return observedChunks(events, runId, position, start, learn, deadline);
    },
    listSuspended: async ({ threadId, resourceId, signal }) =>
      parseSuspendedRuns(
        await request(
          `/suspended-runs${resourceId ? `?resourceId=${encodeURIComponent(resourceId)}` : ''}`,
          signal,
        ),
        threadId,
      ),
  };
  return transport;
}

/**
 * The signal for one request: the caller's, and an abort when the answer has not started within
 * `ms`. `clear` once it has: the body may then take as long as it takes (that is `idleTimeout`).
 */
function responseDeadline(signal: AbortSignal | undefined, ms: number) {
  const failure: RunError = { code: 'timeout', message: responseTimeoutMessage(ms) };
  if (!(ms > 0)) return { signal, failure, expired: () => false, clear: () => {} };
  const controller = new AbortController();
  let expired = false;
  const follow = () => controller.abort(signal?.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  const timer = setTimeout(
    () => {
      expired = true;
      controller.abort(new TransportError(failure));
    },
    Math.min(ms, LONGEST_TIMER),
  );
  return {
    signal: controller.signal,
    failure,
    expired: () => expired,
    clear: () => clearTimeout(timer),
  };
}
