import { TransportError } from './errors.ts';
import { excerptOf } from './excerpt.ts';
import { headChunk } from './frameHead.ts';
import { startTimer } from './timer.ts';
import type { DecodeEvent, MastraChunk } from './types.ts';

/** An incremental decoder of Mastra's SSE bytes: feed it reads, get the events each one completed. */
export interface ChunkDecoder {
  /**
   * Decodes one read (bytes, or text already decoded). Returns the events it completed, maybe none.
   * Throws a `TransportError` (`too-large`) when a frame the kit reads grows past `maxFrameLength`.
   */
  push(input: Uint8Array | string): DecodeEvent[];
  /** Ends the stream: flushes a last frame that lacked its blank line. */
  end(): DecodeEvent[];
}

/** How much a decoder keeps, and how long `decodeChunks` waits. */
export interface DecodeOptions {
  /**
   * The longest frame the decoder keeps while it arrives, in characters (its `data:` lines, or any
   * one line not ended yet). Mastra's JSON is mostly ASCII, so a character is about a byte. Default
   * 8 MiB (8,388,608). A frame that passes it, as soon as it does, ended or not:
   * - of a type whose payload the kit does not read (`step-finish`, `finish`) is skipped, however
   *   long, and nothing of it is kept: it is delivered as its head alone, the members before its
   *   payload (`{ type, runId, from }`), unchecked. These frames repeat the conversation: a 1 MiB
   *   answer makes them over 4 MiB, and up to 25 MiB when JSON escapes every character of it.
   * - of any other type, or a line that is not data, stops the stream with a `too-large` error: a
   *   line that never ends would otherwise grow memory without end.
   * The frames the kit reads carry an answer once at most (its `tool-result`), at up to 6
   * characters a character (JSON writes a control character as `\u0001`): the default holds answers
   * of 1 Mi characters (`maxLength: 1_048_576`) of any text. Allow longer answers or tool arguments
   * and raise it to 6 times their length and 64 Ki more.
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

const NOT_JSON = 'Skipped a frame that is not valid JSON.';
const NOT_A_CHUNK = 'Skipped a frame that is not a chunk (an object with a text "type").';
const END_OF_STREAM = '[DONE]';
const LINE_END = /\r\n?|\n/;
const BOM = /^\uFEFF/;
// What a skipped frame's line that ended is taken as: any text but the empty line that ends a frame.
const SKIPPED_LINE = 'skipped';

const isData = (line: string) => line === 'data' || line.startsWith('data:');
/** A `data:` line's value: after the colon and one space. */
const dataOf = (line: string) => line.slice(line[5] === ' ' ? 6 : 5);

const frameTooLarge = (limit: number) =>
  `The server sent a frame longer than ${limit.toLocaleString('en-US')} characters (the maxFrameLength limit); the stream was stopped.`;
const cutInside = (type: string) => `The stream ended inside a "${type}" frame skipped for its length.`;
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
 * than `maxFrameLength` is skipped when the kit does not read its payload, else throws (see
 * `DecodeOptions`).
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
  // reads), multi-line `data:`, comments, a leading BOM; other fields are ignored.
  const text = new TextDecoder();
  // The line not ended yet, in pieces joined once it ends (a line split over many reads is copied
  // once, whatever the number of reads), and its length.
  let pieces: string[] = [];
  let piecesLength = 0;
  // The frame's `data:` values so far, and the length of its lines.
  let data: string[] = [];
  let frameLength = 0;
  // The last read ended with a CR: a LF first in the next one ends no other line.
  let afterCR = false;
  // A read that was not empty came: a BOM now is text.
  let started = false;
  // The head of the frame being skipped (past the limit, of a type whose payload is not read):
  // delivered when the frame ends. Nothing else of it is kept, not even the pieces of its lines.
  let skipped: MastraChunk | undefined;

  /**
   * The start of the frame's data when a line passes the limit: its `data:` values so far, else
   * that line's, cut where the limit is (however the reads were split, that much of it had come).
   */
  const frameStart = (line: string | undefined): string => {
    if (data.length) return data.join('\n');
    const start = (line ?? pieces.join('')).slice(0, maxFrameLength + 1);
    return isData(start) ? dataOf(start) : '';
  };

  /**
   * Past the limit, the frame is skipped when its type's payload is not read (see `headChunk`);
   * any other frame drops what the decoder holds and throws `too-large`.
   */
  const checkLength = (length: number, line?: string) => {
    if (length <= maxFrameLength) return;
    skipped = headChunk(frameStart(line));
    pieces = [];
    data = [];
    frameLength = 0;
    if (!skipped) throw new TransportError({ code: 'too-large', message: frameTooLarge(maxFrameLength) });
  };

  const endFrame = (out: DecodeEvent[]) => {
    if (skipped) out.push({ kind: 'chunk', chunk: skipped });
    skipped = undefined;
    const joined = data.join('\n');
    data = [];
    frameLength = 0;
    if (joined && joined !== END_OF_STREAM) out.push(frameEvent(joined));
  };

  const takeLine = (line: string, out: DecodeEvent[]) => {
    if (!line) return endFrame(out);
    if (skipped) return;
    checkLength(frameLength + line.length, line);
    if (skipped || !isData(line)) return;
    data.push(dataOf(line));
    frameLength += line.length;
  };

  /** The line in progress, ended by `last`. Of a skipped frame's line only whether it is empty counts. */
  const endLine = (last: string): string => {
    let line = piecesLength + last.length ? SKIPPED_LINE : '';
    if (!skipped) {
      pieces.push(last);
      line = pieces.join('');
    }
    pieces = [];
    piecesLength = 0;
    return line;
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
    if (lines.length > 0) lines[0] = endLine(lines[0]!);
    for (const line of lines) takeLine(line, out);
    if (rest && !skipped) pieces.push(rest);
    piecesLength += rest.length;
    if (!skipped) checkLength(frameLength + piecesLength);
    return out;
  };

  return {
    push: (input) => {
      let read = typeof input === 'string' ? input : text.decode(input, { stream: true });
      // The stream's leading BOM is not part of its first line. TextDecoder drops it from bytes;
      // text (decoded elsewhere, or a file read whole) may still have it.
      if (!started && typeof input === 'string') read = read.replace(BOM, '');
      started ||= input.length > 0;
      return feed(read);
    },
    // A last frame without its blank line is still delivered (or reported), never dropped.
    end: () => {
      const out = feed(text.decode());
      // A skipped frame cut inside a line: whether it was whole cannot be known.
      if (skipped && piecesLength) {
        out.push(decodeError(cutInside(skipped.type), skipped));
        skipped = undefined;
        piecesLength = 0;
      }
      return [...out, ...feed('\n\n')];
    },
  };
}

/**
 * Decodes a whole SSE text at once (a recorded fixture, a test).
 * @example
 * decodeText('data: {"type":"start","runId":"r1"}\n\ndata: [DONE]\n\n') // → [{ kind: 'chunk', chunk: { type: 'start', runId: 'r1' } }]
 */
export function decodeText(sse: string, options?: DecodeOptions): DecodeEvent[] {
  const decoder = createChunkDecoder(options);
  return [...decoder.push(sse), ...decoder.end()];
}

/** The next read; with an `idleTimeout`, a `timeout` TransportError when none comes in time. */
async function nextRead(reader: ReadableStreamDefaultReader<Uint8Array>, idleTimeout: number | undefined) {
  if (idleTimeout === undefined || !(idleTimeout > 0)) return reader.read();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silence = new Promise<never>((_, reject) => {
    const fail = () => reject(new TransportError({ code: 'timeout', message: silentFor(idleTimeout) }));
    timer = startTimer(fail, idleTimeout);
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
 * yield nothing. Stopping the iteration early, a frame past `maxFrameLength` (of a type the kit
 * reads: see `DecodeOptions`) or a silence past `idleTimeout` cancels the stream; a read error
 * (connection cut, abort), a `too-large` or a `timeout` `TransportError` is thrown to the consumer.
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
