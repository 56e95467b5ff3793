import { TransportError } from './errors.ts';
import { excerptOf } from './excerpt.ts';
import type { DecodeEvent, MastraChunk } from './types.ts';

/** An incremental decoder of Mastra's SSE bytes: feed it reads, get the events each one completed. */
export interface ChunkDecoder {
  /**
   * Decodes one read (bytes, or text already decoded). Returns the events it completed, maybe none.
   * Throws a `TransportError` (`too-large`) when a frame grows past `maxFrameLength`.
   */
  push(input: Uint8Array | string): DecodeEvent[];
  /** Ends the stream: flushes a last frame that lacked its blank line. */
  end(): DecodeEvent[];
}

/** How much a decoder keeps, and how long `decodeChunks` waits. */
export interface DecodeOptions {
  /**
   * The longest frame the decoder keeps while it arrives, in characters (its `data:` lines, or any
   * one line not ended yet). A frame that passes it stops the stream with a `too-large` error as
   * soon as it does, ended or not: a line that never ends would otherwise grow memory without end.
   * Mastra's JSON is mostly ASCII, so a character is about a byte. Default 8 MiB (8,388,608);
   * Mastra's largest frames, `step-finish`, were about 1 MB in a run with 24 tool calls.
   */
  maxFrameLength?: number;
  /**
   * `decodeChunks` only: milliseconds the body may stay silent (from the response on, between
   * reads) before the stream stops with a `timeout` error and the body is cancelled (`fetch`
   * closes the connection). Off by default: Mastra sends no keep-alive, so a slow model or tool
   * is silent; set it above your slowest step.
   */
  idleTimeout?: number;
}

/** `maxFrameLength`'s default: 8 MiB. */
export const DEFAULT_MAX_FRAME_LENGTH = 8 * 1024 * 1024;
// setTimeout fires at once past this many ms (about 24.8 days): longer timeouts wait this long.
const LONGEST_TIMER = 2 ** 31 - 1;

const NOT_JSON = 'Skipped a frame that is not valid JSON.';
const NOT_A_CHUNK = 'Skipped a frame that is not a chunk (an object with a text "type").';
const END_OF_STREAM = '[DONE]';
const LINE_END = /\r\n?|\n/;

const frameTooLarge = (limit: number) =>
  `The server sent a frame longer than ${limit.toLocaleString('en-US')} characters (the maxFrameLength limit); the stream was stopped.`;
const silentFor = (ms: number) =>
  `The server sent nothing for ${ms.toLocaleString('en-US')} ms (the idleTimeout limit); the stream was stopped.`;

const decodeError = (message: string, text: unknown): DecodeEvent => ({
  kind: 'decode-error',
  issue: { message, excerpt: excerptOf(text) },
});

/** A chunk when `value` is an object with a string `type` (a JSON array never has one), else a `decode-error` quoting `text`. */
const eventOf = (value: unknown, text: unknown): DecodeEvent =>
  typeof (value as { type?: unknown } | null)?.type === 'string'
    ? { kind: 'chunk', chunk: value as MastraChunk }
    : decodeError(NOT_A_CHUNK, text);

/** The event of one frame's data: its JSON as a chunk, or a `decode-error`. */
function frameEvent(data: string): DecodeEvent {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return decodeError(NOT_JSON, data);
  }
  return eventOf(value, data);
}

/**
 * Turns an already-parsed value into a decode event: a chunk when it is an object with a string
 * `type`, otherwise a `decode-error`. Used for in-process chunk objects.
 */
export const toDecodeEvent = (value: unknown): DecodeEvent => eventOf(value, value);

/**
 * Creates an incremental decoder of Mastra's agent stream (`data: <json>\n\n`, ending with
 * `data: [DONE]`). Frames may be split anywhere, even inside a UTF-8 character. `[DONE]`, blank
 * lines, comments and lines that are not SSE fields are skipped; a frame that is not a JSON
 * object with a string `type` becomes a `decode-error` event and decoding goes on. A frame longer
 * than `maxFrameLength` throws (see `DecodeOptions`).
 * @example
 * const decoder = createChunkDecoder();
 * for (const bytes of reads) store(decoder.push(bytes));
 * store(decoder.end());
 */
export function createChunkDecoder({
  maxFrameLength = DEFAULT_MAX_FRAME_LENGTH,
}: DecodeOptions = {}): ChunkDecoder {
  // A small SSE line decoder instead of eventsource-parser (4,450 B minified). It keeps what
  // Mastra's stream needs of the spec: LF, CR and CRLF line ends (a CRLF may be split across
  // reads), multi-line `data:`, comments; other fields are ignored. TextDecoder drops a leading BOM.
  const text = new TextDecoder();
  // The line not ended yet, in pieces joined once it ends: a line split over many reads is copied
  // once, whatever the number of reads.
  let pieces: string[] = [];
  let piecesLength = 0;
  // The frame's `data:` values so far, and the length of its lines.
  let data: string[] = [];
  let frameLength = 0;
  // The last read ended with a CR: a LF first in the next one ends no other line.
  let afterCR = false;

  /** Drops what the decoder holds and throws `too-large`, when `length` passes the limit. */
  const checkLength = (length: number) => {
    if (length <= maxFrameLength) return;
    pieces = [];
    data = [];
    throw new TransportError({ code: 'too-large', message: frameTooLarge(maxFrameLength) });
  };

  const endFrame = (out: DecodeEvent[]) => {
    const joined = data.join('\n');
    data = [];
    frameLength = 0;
    if (joined && joined !== END_OF_STREAM) out.push(frameEvent(joined));
  };

  const takeLine = (line: string, out: DecodeEvent[]) => {
    if (!line) return endFrame(out);
    checkLength(frameLength + line.length);
    if (line !== 'data' && !line.startsWith('data:')) return;
    data.push(line.slice(line[5] === ' ' ? 6 : 5));
    frameLength += line.length;
  };

  const feed = (read: string): DecodeEvent[] => {
    const out: DecodeEvent[] = [];
    let chunk = read;
    // The LF of a CRLF split across reads: it completes the CR's line end and is spent, even when
    // it is all the read holds (the next LF is then a line end of its own).
    if (afterCR && chunk.startsWith('\n')) {
      chunk = chunk.slice(1);
      afterCR = false;
    }
    // An empty read changes nothing: a CR before it still waits for its LF.
    if (!chunk) return out;
    afterCR = chunk.endsWith('\r');
    const lines = chunk.split(LINE_END);
    const rest = lines.pop()!;
    if (lines.length > 0) {
      pieces.push(lines[0]!);
      lines[0] = pieces.join('');
      pieces = [];
      piecesLength = 0;
    }
    for (const line of lines) takeLine(line, out);
    if (rest) pieces.push(rest);
    piecesLength += rest.length;
    checkLength(frameLength + piecesLength);
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
export function decodeText(sse: string, options?: DecodeOptions): DecodeEvent[] {
  const decoder = createChunkDecoder(options);
  // A file read as text may keep its BOM (TextDecoder drops it from a stream's bytes).
  return [...decoder.push(sse.replace(/^\uFEFF/, '')), ...decoder.end()];
}

/** The next read; with an `idleTimeout`, a `timeout` TransportError when none comes in time. */
async function nextRead(reader: ReadableStreamDefaultReader<Uint8Array>, idleTimeout: number | undefined) {
  if (idleTimeout === undefined || !(idleTimeout > 0)) return reader.read();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silence = new Promise<never>((_, reject) => {
    const fail = () => reject(new TransportError({ code: 'timeout', message: silentFor(idleTimeout) }));
    timer = setTimeout(fail, Math.min(idleTimeout, LONGEST_TIMER));
  });
  try {
    return await Promise.race([reader.read(), silence]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads a `ReadableStream` of SSE bytes (a `fetch` response body) and yields ONE BATCH of decoded
 * events per read, so a consumer can update once per network read. Reads that complete no frame
 * yield nothing. Stopping the iteration early, a frame past `maxFrameLength` or a silence past
 * `idleTimeout` cancels the stream; a read error (connection cut, abort), a `too-large` or a
 * `timeout` `TransportError` is thrown to the consumer.
 * @example
 * for await (const batch of decodeChunks(response.body, { idleTimeout: 120_000 })) store.dispatch({ type: 'events', events: batch });
 */
export async function* decodeChunks(
  stream: ReadableStream<Uint8Array>,
  options: DecodeOptions = {},
): AsyncGenerator<DecodeEvent[], void, undefined> {
  const reader = stream.getReader();
  const decoder = createChunkDecoder(options);
  const next = () => nextRead(reader, options.idleTimeout);
  try {
    for (let read = await next(); !read.done; read = await next()) {
      const batch = decoder.push(read.value);
      if (batch.length) yield batch;
    }
    const last = decoder.end();
    if (last.length) yield last;
  } finally {
    // Stopped early or failed: the body is not needed any more. (A no-op once it ended.)
    await reader.cancel().catch(() => {});
  }
}
