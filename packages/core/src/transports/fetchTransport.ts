import { decodeChunks, type DecodeOptions } from '../decodeChunks.ts';
import { httpRunError, isAbortError, messageOf, toRunError, TransportError } from '../errors.ts';
import type { AgentTransport, DecodeEvent, ResumeRequest, StreamRequest } from '../types.ts';
import { memoryOption } from './memoryOption.ts';
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
}

/**
 * The default transport: Mastra's HTTP routes through `fetch`, no client library in the bundle.
 * Runs are tied to the conversation with Mastra's `memory: { thread, resource }` (Mastra records
 * only that, not top-level ids). Suspended runs are listed by `resourceId` on the server and
 * filtered by `threadId` here: `?threadId=` is refused unless the agent has memory configured.
 * @example
 * const transport = createFetchTransport({ baseUrl: 'http://127.0.0.1:4111', agentId: 'planner' });
 */
export function createFetchTransport(options: FetchTransportOptions): AgentTransport {
  const root = `${options.baseUrl.replace(/\/+$/, '')}${options.apiPrefix ?? '/api'}/agents/${encodeURIComponent(options.agentId)}`;

  /**
   * Sends a request: a POST with a JSON body, answered by an event stream (decoded), or a GET,
   * answered by JSON (parsed; `undefined` when it is not JSON). Every failure but an abort is a
   * `TransportError`: no answer, an error status, or a POST not answered by an event stream.
   */
  async function request(path: string, signal: AbortSignal | undefined, body?: object): Promise<unknown> {
    const url = root + path;
    const { headers: extra } = options;
    const headers = new Headers(typeof extra === 'function' ? await extra() : extra);
    if (body) headers.set('content-type', 'application/json');
    const response = await (options.fetch ?? fetch)(url, {
      method: body && 'POST',
      headers,
      body: body && JSON.stringify(body),
      signal,
    }).catch((error: unknown) => {
      throw isAbortError(error) ? error : new TransportError(toRunError(error), { cause: error });
    });
    const { ok, status } = response;
    const type = response.headers.get('content-type');
    // A stream without a content type (a proxy may drop it) is decoded too.
    if (ok && body && (!type || type.includes('text/event-stream'))) return decodeChunks(response.body!, options);
    // Read to its end: a list, an error (Mastra answers `{ error: "…" }`; a proxy may answer HTML,
    // or nothing), or what a dev server's SPA fallback answers a wrong URL with (200, HTML).
    const answer = (await response.json().catch(() => signal?.throwIfAborted())) as { error?: unknown } | undefined;
    if (ok && !body) return answer;
    throw new TransportError(
      httpRunError(
        status,
        ok
          ? `Expected an event stream from ${url}, got ${type}.`
          : messageOf(answer?.error, messageOf(answer, `The server answered ${status}.`)),
      ),
    );
  }

  /** POSTs a stream or resume request to `path`: its ids go to `memory`, the rest is the body. */
  const post =
    (path: string) =>
    ({ threadId, resourceId, signal, ...body }: StreamRequest | ResumeRequest) =>
      request(path, signal, { ...body, memory: memoryOption(threadId, resourceId) }) as Promise<AsyncIterable<DecodeEvent[]>>;

  return {
    stream: post('/stream'),

    resume: post('/resume-stream'),

    // An answer that is not JSON fails parseSuspendedRuns as an answer of the wrong shape.
    listSuspended: async ({ threadId, resourceId, signal }) =>
      parseSuspendedRuns(await request(`/suspended-runs${resourceId ? `?resourceId=${encodeURIComponent(resourceId)}` : ''}`, signal), threadId),
  };
}
