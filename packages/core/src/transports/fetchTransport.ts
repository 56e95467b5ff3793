import { decodeChunks, type DecodeOptions } from '../decodeChunks.ts';
import { saysExpired, TransportError } from '../errors.ts';
import type { AgentTransport, DecodeEvent, Reconnect, ResumeRequest, StreamRequest } from '../types.ts';
import { confirmExpiry } from './confirmExpiry.ts';
import { createHttpRequest } from './httpRequest.ts';
import { memoryOption } from './memoryOption.ts';
import { parseSuspendedRuns } from './parseSuspendedRuns.ts';
import { partsOf } from '../reconnect.ts';

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
  /** `reconnect`: the transport gets `observe` (Mastra's observe route), to read on a broken reply. */
  reconnect?: Reconnect;
}

export { DEFAULT_RESPONSE_TIMEOUT } from './httpRequest.ts';

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

  const request = createHttpRequest(options, root, (response) => decodeChunks(response, options));

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

    ...(options.reconnect ? { observe: partsOf(options.reconnect).observeRoute(request) } : {}),
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
