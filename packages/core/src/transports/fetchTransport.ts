import { decodeChunks } from '../decodeChunks.ts';
import { httpRunError, isAbortError, messageOf, TransportError } from '../errors.ts';
import type { AgentTransport, DecodeEvent } from '../types.ts';
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

async function serverMessage(response: Response): Promise<string> {
  const fallback = `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`;
  try {
    const body = JSON.parse(await response.text()) as { error?: unknown } | null;
    return messageOf(body?.error, '') || messageOf(body, fallback);
  } catch {
    // No body, or not JSON (a proxy's HTML page).
    return fallback;
  }
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
  const prefix = options.apiPrefix ?? '/api';
  const root = `${options.baseUrl.replace(/\/+$/, '')}${prefix}/agents/${encodeURIComponent(options.agentId)}`;
  const doFetch: typeof globalThis.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const extraHeaders = async () =>
    typeof options.headers === 'function' ? await options.headers() : (options.headers ?? {});

  async function request(url: string, init: RequestInit, kind: 'stream' | 'resume' | 'list'): Promise<Response> {
    const headers = new Headers(await extraHeaders());
    if (init.body) headers.set('content-type', 'application/json');
    let response: Response;
    try {
      response = await doFetch(url, { ...init, headers });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new TransportError(
        { code: 'network', message: `Could not reach the agent server: ${messageOf(error, 'no answer')}.` },
        { cause: error },
      );
    }
    if (!response.ok) {
      const message = await serverMessage(response);
      throw new TransportError(
        kind === 'resume' ? httpRunError(response.status, message) : { code: 'http', status: response.status, message },
      );
    }
    return response;
  }

  async function streamOf(
    kind: 'stream' | 'resume',
    body: object,
    { threadId, resourceId, signal }: { threadId?: string; resourceId?: string; signal?: AbortSignal },
  ) {
    const url = `${root}/${kind === 'stream' ? 'stream' : 'resume-stream'}`;
    const memory = memoryOption(threadId, resourceId);
    const init = { method: 'POST', body: JSON.stringify(memory ? { ...body, memory } : body), signal };
    const response = await request(url, init, kind);
    const type = response.headers.get('content-type');
    // A dev server's SPA fallback answers 200 with HTML for a wrong URL: say so instead of decoding it.
    if (type && !type.includes('text/event-stream')) {
      await response.body?.cancel();
      throw new TransportError({
        code: 'http',
        status: response.status,
        message: `Expected an event stream from ${url}, got ${type}. Is baseUrl the Mastra server?`,
      });
    }
    if (!response.body) throw new TransportError({ code: 'network', message: 'The server answered without a body.' });
    return decodeChunks(response.body) as AsyncIterable<DecodeEvent[]>;
  }

  return {
    stream({ messages, ...rest }) {
      return streamOf('stream', { messages }, rest);
    },

    resume({ runId, toolCallId, resumeData, ...rest }) {
      return streamOf('resume', { runId, toolCallId, resumeData }, rest);
    },

    async listSuspended({ threadId, resourceId, signal }) {
      const query = resourceId ? `?${new URLSearchParams({ resourceId })}` : '';
      const response = await request(`${root}/suspended-runs${query}`, { method: 'GET', signal }, 'list');
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        if (isAbortError(error)) throw error;
        throw new TransportError({ code: 'http', status: response.status, message: 'The suspended-runs answer is not JSON.' });
      }
      return parseSuspendedRuns(body, threadId);
    },
  };
}
