import { createParser } from 'eventsource-parser';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { MastraClient } from '@mastra/client-js';

/** A way to consume a Mastra SSE body. Resolves with the number of chunks seen (`[DONE]` left out). */
export type Decoder = (body: ReadableStream<Uint8Array>) => Promise<number>;

/**
 * The floor: streaming TextDecoder, split on blank lines, JSON.parse of each `data:` frame.
 * Nothing is kept; no check beyond the `data: ` prefix. Only new text is scanned, and a frame
 * spread over many reads is joined once (appending to one string would copy it on every read).
 */
export const floorDecoder: Decoder = async (body) => {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pieces: string[] = [];
  let count = 0;
  const frame = (text: string) => {
    if (text.startsWith('data: ') && text !== 'data: [DONE]') {
      JSON.parse(text.slice(6));
      count++;
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
    let start = 0;
    const last = pieces.at(-1);
    if (last !== undefined && last.endsWith('\n') && text.startsWith('\n')) {
      frame(pieces.join('').slice(0, -1));
      pieces = [];
      start = 1;
    }
    for (let end = text.indexOf('\n\n', start); end !== -1; end = text.indexOf('\n\n', start)) {
      if (pieces.length) {
        pieces.push(text.slice(start, end));
        frame(pieces.join(''));
      } else {
        frame(text.slice(start, end));
      }
      pieces = [];
      start = end + 2;
    }
    if (start < text.length) pieces.push(start ? text.slice(start) : text);
    if (done) {
      if (pieces.length) frame(pieces.join(''));
      return count;
    }
  }
};

/** eventsource-parser's `createParser` fed decoded text, plus JSON.parse of each event. */
export const eventsourceParserDecoder: Decoder = async (body) => {
  let count = 0;
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') return;
      JSON.parse(event.data);
      count++;
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  parser.feed(decoder.decode());
  return count;
};

/** The same through web streams: TextDecoderStream → EventSourceParserStream, JSON.parse per event. */
export const eventsourceParserStreamDecoder: Decoder = async (body) => {
  let count = 0;
  const events = body
    .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
    .pipeThrough(new EventSourceParserStream());
  for await (const event of events) {
    if (event.data === '[DONE]') continue;
    JSON.parse(event.data);
    count++;
  }
  return count;
};

/**
 * The peer, as a user gets it: `new MastraClient({ fetch })`, `agent.stream(...)`, then
 * `response.processDataStream({ onChunk })`. The custom fetch answers with the recorded bytes,
 * so nothing goes over the network; what is timed is client-js's own work on the body.
 */
export function clientJsDecoder(options: { onConsoleError?: () => void } = {}): Decoder {
  return async (body) => {
    const client = new MastraClient({
      baseUrl: 'http://127.0.0.1:9',
      retries: 0,
      fetch: async () =>
        new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    });
    let count = 0;
    const original = console.error;
    // client-js logs (and goes on) on some streams; counted, not printed, so the timing is its own.
    console.error = () => options.onConsoleError?.();
    try {
      const response = await client.getAgent('bench').stream('Plan a three-day trip.');
      await response.processDataStream({
        onChunk: async () => {
          count++;
        },
      });
    } finally {
      console.error = original;
    }
    return count;
  };
}
