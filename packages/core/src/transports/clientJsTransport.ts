import { decodeChunks } from '../decodeChunks.ts';
import {
  httpFailure,
  isAbortError,
  messageOf,
  NO_BODY_MESSAGE,
  statusMessage,
  toRunError,
  TransportError,
} from '../errors.ts';
import type { AgentTransport, DecodeEvent } from '../types.ts';
import { adaptAgent, type StreamingAgent } from './adaptAgent.ts';

/**
 * The part of a `@mastra/client-js` agent (`new MastraClient(…).getAgent(id)`) the adapter uses.
 * Typed by shape, so `@ask-user-kit/core` never imports client-js.
 */
interface ClientJsAgent extends StreamingAgent<Response> {
  listSuspendedRuns(params?: { resourceId?: string }): Promise<unknown>;
}

/** client-js throws `MastraClientError` (`status`, parsed `body`) for HTTP errors; 409 is `answered-elsewhere` unless the body says `thread-waiting`. */
function toTransportError(error: unknown): unknown {
  if (isAbortError(error) || error instanceof TransportError) return error;
  const { status, body } = Object(error) as { status?: unknown; body?: unknown };
  if (typeof status !== 'number') return new TransportError(toRunError(error), { cause: error });
  const message = messageOf(
    (Object(body) as { error?: unknown }).error,
    messageOf(error, statusMessage(status)),
  );
  return new TransportError(httpFailure(status, message, body), { cause: error });
}

function bodyOf(response: Response): AsyncIterable<DecodeEvent[]> {
  if (!response.body) throw new TransportError({ code: 'network', message: NO_BODY_MESSAGE });
  return decodeChunks(response.body);
}

/**
 * Adapts a `@mastra/client-js` agent. The `Response` it returns is decoded with the kit's decoder,
 * not with client-js's `processDataStream` (slower than linear on long streams).
 *
 * client-js retries failed requests (3 times by default, also on a 500): create the client with
 * `retries: 0`, or an expired answer is sent four times before it fails. client-js 1.47 also logs
 * "tool_result must be preceded by a tool_call" on each resume; the chunks are unaffected.
 * @example
 * import { MastraClient } from '@mastra/client-js';
 * const client = new MastraClient({ baseUrl: 'http://127.0.0.1:4111', retries: 0 });
 * const transport = createClientJsTransport(client.getAgent('planner'));
 */
export function createClientJsTransport(agent: ClientJsAgent): AgentTransport {
  return adaptAgent(agent, {
    events: bodyOf,
    list: (_threadId, resourceId) => agent.listSuspendedRuns(resourceId ? { resourceId } : {}),
    error: toTransportError,
  });
}
