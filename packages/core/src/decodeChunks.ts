import { excerptOf } from './excerpt.ts';
import type { DecodeEvent, MastraChunk } from './types.ts';

/** An incremental decoder of Mastra's SSE bytes: feed it reads, get the events each one completed. */
export interface ChunkDecoder {
  /** Decodes one read (bytes, or text already decoded). Returns the events it completed, maybe none. */
  push(input: Uint8Array | string): DecodeEvent[];
  /** Ends the stream: flushes a last frame that lacked its blank line. */
  end(): DecodeEvent[];
}

/**
 * A chunk when `value` is an object with a string `type` (a JSON array never has one), else a
 * `decode-error` quoting `text`: it is not `problem`.
 */
const eventOf = (value: unknown, text: unknown, problem = 'a chunk (an object with a text "type")'): DecodeEvent =>
  typeof (value as { type?: unknown } | null)?.type === 'string'
    ? { kind: 'chunk', chunk: value as MastraChunk }
    : { kind: 'decode-error', issue: { message: `Skipped a frame that is not ${problem}.`, excerpt: excerptOf(text) } };

/**
 * Turns an already-parsed value into a decode event: a chunk when it is an object with a string
 * `type`, otherwise a `decode-error`. Used for in-process chunk objects.
 */
export const toDecodeEvent = (value: unknown): DecodeEvent => eventOf(value, value);

/**
 * Creates an incremental decoder of Mastra's agent stream (`data: <json>\n\n`, ending with
 * `data: [DONE]`). Frames may be split anywhere, even inside a UTF-8 character. `[DONE]`, blank
 * lines, comments and lines that are not SSE fields are skipped; a frame that is not a JSON
 * object with a string `type` becomes a `decode-error` event and decoding goes on.
 * @example
 * const decoder = createChunkDecoder();
 * for (const bytes of reads) store(decoder.push(bytes));
 * store(decoder.end());
 */
export function createChunkDecoder(): ChunkDecoder {
  // A small SSE line decoder instead of eventsource-parser (4,450 B minified). It keeps what
  // Mastra's stream needs of the spec: LF, CRLF and CR line ends (a CRLF may be split across
  // reads), multi-line `data:`, comments; other fields are ignored. TextDecoder drops a leading BOM.
  const text = new TextDecoder();
  // The unfinished line: V8 joins the pieces of a frame split over many reads lazily, once.
  let line = '';
  let data: string | undefined;
  let afterCR: boolean | undefined;
  const feed = (chunk: string) => {
    const out: DecodeEvent[] = [];
    if (!chunk) return out;
    if (afterCR && chunk[0] === '\n') chunk = chunk.slice(1);
    afterCR = chunk.endsWith('\r');
    const lines = chunk.split(/\r\n?|\n/);
    lines[0] = line + lines[0];
    line = lines.pop()!;
    for (const l of lines) {
      if (!l) {
        if (data && data !== '[DONE]') {
          try {
            out.push(eventOf(JSON.parse(data), data));
          } catch {
            out.push(eventOf(0, data, 'valid JSON'));
          }
        }
        data = undefined;
      } else if (l.startsWith('data:') || l === 'data') {
        const value = l.slice(l[5] === ' ' ? 6 : 5);
        data = data == null ? value : `${data}\n${value}`;
      }
    }
    return out;
  };
  return {
    push: (input) => feed(typeof input === 'string' ? input : text.decode(input, { stream: true })),
    // A last frame without its blank line is still delivered (or reported), never dropped.
    end: () => feed(`${text.decode()}\n\n`),
  };
}

/**
 * Decodes a whole SSE text at once (a recorded fixture, a test).
 * @example
 * decodeText('data: {"type":"start","runId":"r1"}\n\ndata: [DONE]\n\n') // → [{ kind: 'chunk', chunk: { type: 'start', runId: 'r1' } }]
 */
export function decodeText(sse: string): DecodeEvent[] {
  const decoder = createChunkDecoder();
  // A file read as text may keep its BOM (TextDecoder drops it from a stream's bytes).
  return [...decoder.push(sse.replace(/^\uFEFF/, '')), ...decoder.end()];
}

/**
 * Reads a `ReadableStream` of SSE bytes (a `fetch` response body) and yields ONE BATCH of decoded
 * events per read, so a consumer can update once per network read. Reads that complete no frame
 * yield nothing. Stopping the iteration early cancels the stream; a read error (connection cut,
 * abort) is thrown to the consumer.
 * @example
 * for await (const batch of decodeChunks(response.body)) store.dispatch({ type: 'events', events: batch });
 */
export async function* decodeChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<DecodeEvent[], void, undefined> {
  const reader = stream.getReader();
  const decoder = createChunkDecoder();
  try {
    for (let done: boolean | undefined; !done; ) {
      const read = await reader.read();
      const batch = (done = read.done) ? decoder.end() : decoder.push(read.value);
      if (batch.length) yield batch;
    }
  } finally {
    // Stopped early: the body is not needed any more. (A no-op once it ended or failed.)
    await reader.cancel().catch(() => {});
  }
}
