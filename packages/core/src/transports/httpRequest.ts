import {
  httpFailure,
  isAbortError,
  messageOf,
  NO_BODY_MESSAGE,
  responseTimeoutMessage,
  statusMessage,
  toRunError,
  TransportError,
  unexpectedAnswerMessage,
} from '../errors.ts';
import { quote } from '../quote.ts';
import { startTimer } from '../timer.ts';
import type { DecodeEvent, RunError } from '../types.ts';

/** `responseTimeout`'s default: 60 s, twice what Mastra may wait for a dead instance's thread lease. */
export const DEFAULT_RESPONSE_TIMEOUT = 60_000;

/** How a transport reaches Mastra (see `FetchTransportOptions`). */
export interface HttpOptions {
  fetch?: typeof globalThis.fetch;
  headers?: HeadersInit | (() => HeadersInit | Promise<HeadersInit>);
  responseTimeout?: number;
}

/**
 * Sends one request to a path under `root`: a POST with a JSON body, answered by a stream
 * (decoded) or, with `answer: 'json'`, by JSON; or a GET, answered by JSON (parsed). Every failure
 * but an abort is a `TransportError`: no answer, an error status (409: `answered-elsewhere`), or an
 * answer of the wrong kind (an HTML page). An error answer's parsed body is the error's `cause`.
 */
export type HttpRequest = (
  path: string,
  signal: AbortSignal | undefined,
  body?: object,
  answer?: 'stream' | 'json',
) => Promise<unknown>;

/**
 * The requests of a transport whose routes live under `root`. A POST's answer of `streamType` (or
 * of no content type: a proxy may drop it) is decoded with `decode`.
 */
export function createHttpRequest(
  options: HttpOptions,
  root: string,
  decode: (body: ReadableStream<Uint8Array>) => AsyncIterable<DecodeEvent[]>,
  streamType = 'text/event-stream',
): HttpRequest {
  return async (path, signal, body, expected = body ? 'stream' : 'json') => {
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
    if (ok && expected === 'stream' && (!type || type.includes(streamType))) {
      if (!response.body) throw new TransportError({ code: 'http', status, message: NO_BODY_MESSAGE });
      return decode(response.body);
    }
    // Read to its end: a list, an error (Mastra answers `{ error: "…" }`; a proxy may answer HTML,
    // or nothing), or what a dev server's SPA fallback answers a wrong URL with (200, HTML).
    const answer: unknown = await response.json().catch(() => signal?.throwIfAborted());
    if (ok && expected === 'json' && answer !== undefined) return answer;
    if (ok) {
      const got = type.includes('html') ? 'HTML' : quote(type || 'no content type');
      throw new TransportError({
        code: 'http',
        status,
        message: unexpectedAnswerMessage(got, expected === 'stream' ? 'an event stream' : 'JSON'),
      });
    }
    const error = (Object(answer) as { error?: unknown }).error;
    throw new TransportError(
      httpFailure(status, messageOf(error, messageOf(answer, statusMessage(status))), answer),
      { cause: answer },
    );
  };
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
  const timer = startTimer(() => {
    expired = true;
    controller.abort(new TransportError(failure));
  }, ms);
  return {
    signal: controller.signal,
    failure,
    expired: () => expired,
    clear: () => clearTimeout(timer),
  };
}
