import { decodeChunks } from '../decodeChunks.ts';
import { httpRunError, isAbortError, messageOf, toRunError, TransportError } from '../errors.ts';
import type { AgentTransport, ResumeRequest, StreamRequest } from '../types.ts';
import { memoryOption } from './memoryOption.ts';
import { parseSuspendedRuns } from './parseSuspendedRuns.ts';

/** Where and how `createFetchTransport` reaches the agent. */
export interface FetchTransportOptions {
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

  /** Sends a request (a POST with a JSON body, or a GET); an error status or no answer is a `TransportError`. */
  async function request(path: string, signal: AbortSignal | undefined, body?: object): Promise<Response> {
    const { headers: extra } = options;
    const headers = new Headers(typeof extra === 'function' ? await extra() : extra);
    if (body) headers.set('content-type', 'application/json');
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(root + path, {
        method: body && 'POST',
        headers,
        body: body && JSON.stringify(body),
        signal,
      });
    } catch (error) {
      throw isAbortError(error) ? error : new TransportError(toRunError(error), { cause: error });
    }
    if (!response.ok) {
      const { status } = response;
      let message = `The server answered ${status}.`;
      try {
        // Mastra answers `{ error: "…" }`; a proxy may answer HTML, or nothing.
        const answer = (await response.json()) as { error?: unknown } | null;
        message = messageOf(answer?.error, messageOf(answer, message));
      } catch {}
      throw new TransportError(path === '/resume-stream' ? httpRunError(status, message) : { code: 'http', status, message });
    }
    return response;
  }

  /** POSTs a stream or resume request: its ids go to `memory`, the rest is the body. */
  async function streamOf(path: string, { threadId, resourceId, signal, ...body }: StreamRequest | ResumeRequest) {
    const memory = memoryOption(threadId, resourceId);
    const response = await request(path, signal, memory ? { ...body, memory } : body);
    const type = response.headers.get('content-type');
    // A dev server's SPA fallback answers 200 with HTML for a wrong URL: say so instead of decoding it.
    if (!response.body || (type && !type.includes('text/event-stream'))) {
      await response.body?.cancel();
      throw new TransportError({
        code: 'http',
        status: response.status,
        message: `Expected an event stream from ${root + path}, got ${response.body ? type : 'no body'}. Is baseUrl the Mastra server?`,
      });
    }
    return decodeChunks(response.body);
  }

  return {
    stream: (req) => streamOf('/stream', req),

    resume: (req) => streamOf('/resume-stream', req),

    async listSuspended({ threadId, resourceId, signal }) {
      const query = resourceId ? `?resourceId=${encodeURIComponent(resourceId)}` : '';
      const response = await request(`/suspended-runs${query}`, signal);
      const body: unknown = await response.json().catch((error: unknown) => {
        throw isAbortError(error)
          ? error
          : new TransportError({ code: 'http', status: response.status, message: 'The suspended-runs answer is not JSON.' });
      });
      return parseSuspendedRuns(body, threadId);
    },
  };
}
