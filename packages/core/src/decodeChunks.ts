import { createParser } from 'eventsource-parser';
import { excerptOf } from './excerpt.ts';
import type { DecodeEvent, DecodeIssue, MastraChunk } from './types.ts';

/** An incremental decoder of Mastra's SSE bytes: feed it reads, get the events each one completed. */
export interface ChunkDecoder {
  /** Decodes one read (bytes, or text already decoded). Returns the events it completed, maybe none. */
  push(input: Uint8Array | string): DecodeEvent[];
  /** Ends the stream: flushes a last frame that lacked its blank line. */
  end(): DecodeEvent[];
}

const issue = (message: string, excerpt: string): DecodeEvent => ({
  kind: 'decode-error',
  issue: { message, excerpt: excerptOf(excerpt) } satisfies DecodeIssue,
});

function notAChunk(value: unknown): string | undefined {
  if (value === null) return 'got null';
  if (Array.isArray(value)) return 'got an array';
  if (typeof value !== 'object') return `got a ${typeof value}`;
  const type = (value as { type?: unknown }).type;
  if (type === undefined) return '"type" is missing';
  if (typeof type !== 'string') return '"type" is not text';
  return undefined;
}

/**
 * Turns an already-parsed value into a decode event: a chunk when it is an object with a string
 * `type`, otherwise a `decode-error`. Used for in-process chunk objects.
 */
export function toDecodeEvent(value: unknown): DecodeEvent {
  const problem = notAChunk(value);
  if (problem) return issue(`Skipped a frame that is not a chunk: ${problem}.`, excerptOf(value));
  return { kind: 'chunk', chunk: value as MastraChunk };
}

function decodeData(data: string, out: DecodeEvent[]): void {
  if (data === '[DONE]' || data === '') return;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    out.push(issue('Skipped a frame that is not valid JSON.', data));
    return;
  }
  const problem = notAChunk(value);
  if (problem) out.push(issue(`Skipped a frame that is not a chunk: ${problem}.`, data));
  else out.push({ kind: 'chunk', chunk: value as MastraChunk });
}

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
  const text = new TextDecoder();
  let out: DecodeEvent[] = [];
  let open = false;
  const parser = createParser({ onEvent: (event) => decodeData(event.data, out) });
  const take = () => {
    const batch = out;
    out = [];
    return batch;
  };
  return {
    push(input) {
      const chunk = typeof input === 'string' ? input : text.decode(input, { stream: true });
      if (chunk) {
        open = true;
        parser.feed(chunk);
      }
      return take();
    },
    end() {
      const rest = text.decode();
      if (rest) parser.feed(rest);
      // A last frame without its blank line is still delivered (or reported), never dropped.
      if (open) parser.feed('\n\n');
      open = false;
      return take();
    },
  };
}

/**
 * Decodes a whole SSE text at once (a recorded fixture, a test).
 * @example
 * decodeText('data: {"type":"start","runId":"r1"}\n\ndata: [DONE]\n\n') // → [{ kind: 'chunk', chunk: { type: 'start', runId: 'r1' } }]
 */
export function decodeText(sse: string): DecodeEvent[] {
  const decoder = createChunkDecoder();
  return [...decoder.push(sse), ...decoder.end()];
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
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const batch = decoder.push(value);
      if (batch.length > 0) yield batch;
    }
    finished = true;
    const rest = decoder.end();
    if (rest.length > 0) yield rest;
  } catch (error) {
    finished = true;
    throw error;
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
