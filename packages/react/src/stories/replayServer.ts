import { createFetchTransport, type AnswerValue } from '@ask-user-kit/core';
import type { WellFormedPrompt } from '@ask-user-kit/core/internal';

/** One recorded answer of the Mastra server to a request. */
export type RecordedResponse =
  /** A `text/event-stream` body, as recorded. */
  | { sse: string }
  /** An HTTP error with its JSON body, as recorded. */
  | { status: number; json: unknown }
  /** The request never reached the server: `fetch` rejected with this message. */
  | { networkError: string }
  /** The server has not answered yet (the request stays open). */
  | { pending: true };

/**
 * A `fetch` that plays back recorded server responses, one per request, in order (the last one
 * repeats). Stories send answers through the kit's real fetch transport with it, so the states
 * they show come from the same code and the same bytes as with a live server.
 */
export function replayFetch(responses: RecordedResponse[]): typeof fetch {
  let next = 0;
  return async () => {
    const response = responses[Math.min(next++, responses.length - 1)];
    if (!response) throw new Error('replayFetch: no recorded response');
    if ('networkError' in response) throw new TypeError(response.networkError);
    if ('pending' in response) return new Promise<Response>(() => {});
    if ('sse' in response) {
      return new Response(response.sse, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    return new Response(JSON.stringify(response.json), {
      status: response.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/** A recorded server for one render of a story: its `fetch` and the requests sent to it, in order. */
export interface ReplayServer {
  fetch: typeof fetch;
  requests: { url: string; init: RequestInit | undefined }[];
}

/**
 * {@link replayFetch} that also keeps the requests, for a story's `play` to check what went over
 * the wire. Make one per render (in a loader): it plays its responses once, in order.
 */
export function replayServer(responses: RecordedResponse[]): ReplayServer {
  const play = replayFetch(responses);
  const requests: ReplayServer['requests'] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    requests.push({ url: input instanceof Request ? input.url : String(input), init });
    return play(input, init);
  };
  return { fetch, requests };
}

/**
 * An `onSubmit` for `<AskUserPrompt>` that resumes the prompt's run through the kit's fetch
 * transport against recorded responses: it resolves once the resumed stream is read, and rejects
 * with the transport's error (`expired`, `http`, `network`) the way a live server would make it.
 */
export function resumeAgainst(prompt: WellFormedPrompt, responses: RecordedResponse[]) {
  const transport = createFetchTransport({ baseUrl: '', agentId: 'recorded', fetch: replayFetch(responses) });
  return async (value: AnswerValue): Promise<void> => {
    const stream = await transport.resume({
      runId: prompt.runId,
      toolCallId: prompt.toolCallId,
      resumeData: value,
    });
    for await (const _batch of stream) {
      // Read to the end, as the run store does.
    }
  };
}
