// The decoder over every recorded stream split into reads every way that can matter: at every byte
// of the question recordings, near every line end and inside every non-ASCII character of all of
// them, at random cuts (1 to 40 reads, often cut next to a line end, after a BOM or not), and one
// byte or one character at a time, with LF, CRLF, CR and mixed line ends; and with a frame limit
// that skips the step-finish and finish frames. Every split must decode as the stream does in one
// read, and that must be the frames the server sent. A few seconds of CPU in all: the longest tests
// have the time to get them beside other work on a busy 2-core machine.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createChunkDecoder } from './decodeChunks.ts';
import { TransportError } from './errors.ts';
import { fixtureText, referenceChunks, splitBytes, sseFixtures } from './test/fixtures.ts';
import type { DecodeEvent } from './types.ts';

const SEED = 20_261_204;
const encoder = new TextEncoder();
const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

type Reads = (Uint8Array | string)[];

function decodeReads(reads: Reads): DecodeEvent[] {
  const decoder = createChunkDecoder();
  return [...reads.flatMap((read) => decoder.push(read)), ...decoder.end()];
}

/** The decode with a `maxFrameLength`, as JSON, or the code of the error that stopped it. */
function limitedJson(reads: Reads, maxFrameLength: number): string {
  const decoder = createChunkDecoder({ maxFrameLength });
  try {
    return JSON.stringify([...reads.flatMap((read) => decoder.push(read)), ...decoder.end()]);
  } catch (error) {
    if (error instanceof TransportError) return error.error.code;
    throw error;
  }
}

/** A deterministic pseudo-random sequence (mulberry32), for the mixed line ends. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

// Mastra's JSON never holds a raw line break: every LF of a recording is a line end.
const lineEnds = {
  LF: (text: string) => text,
  CRLF: (text: string) => text.replaceAll('\n', '\r\n'),
  CR: (text: string) => text.replaceAll('\n', '\r'),
  // Each line end drawn from the three, as the SSE spec allows: a CRLF next to a lone LF or CR.
  // Never a CR and then a LF of its own: together they are one CRLF.
  mixed: (text: string) => {
    const next = random(text.length);
    let last = '';
    return text.replaceAll('\n', () => {
      const ends = last === '\r' ? ['\r\n', '\r'] : ['\n', '\r\n', '\r'];
      last = ends[Math.floor(next() * ends.length)]!;
      return last;
    });
  },
};

interface Stream {
  name: string;
  ends: keyof typeof lineEnds;
  text: string;
  bytes: Uint8Array;
  /** Its decode in one read, checked against the frames the server sent, and as JSON. */
  whole: DecodeEvent[];
  json: string;
  /** Where each of its frames starts (after the blank line that ends the one before), and its end. */
  starts: number[];
}

/** The byte offsets where the frames of an SSE stream start, and the stream's end. */
function frameStarts(bytes: Uint8Array): number[] {
  const starts = [0];
  let lineStart = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 0x0a && bytes[i] !== 0x0d) continue;
    const empty = i === lineStart;
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) i++;
    lineStart = i + 1;
    if (empty) starts.push(lineStart);
  }
  if (starts.at(-1) !== bytes.length) starts.push(bytes.length);
  return starts;
}

const streams: Stream[] = sseFixtures.flatMap((name) =>
  Object.entries(lineEnds).map(([ends, convert]) => {
    const text = convert(fixtureText(name));
    const bytes = encoder.encode(text);
    const whole = decodeReads([bytes]);
    const json = JSON.stringify(whole);
    return { name, ends: ends as Stream['ends'], text, bytes, whole, json, starts: frameStarts(bytes) };
  }),
);
const label = (s: Stream) => `${s.name} (${s.ends})`;
/** True when `events` are the stream's decode in one read. */
const same = (events: DecodeEvent[], json: string) => JSON.stringify(events) === json;

/** The question recordings and the short resume: every byte offset of these is tried. */
const small = streams.filter((s) => s.bytes.length <= 2_000);

/**
 * Where a read may end that a line decoder can get wrong: up to 8 bytes either side of a line end
 * (the `data:` prefix, a CRLF cut in two, a blank line) and inside or next to a multi-byte
 * character. A cut elsewhere falls in the middle of an ASCII run of one line, as the random cuts
 * below do.
 */
function sensitiveOffsets(bytes: Uint8Array): number[] {
  const offsets = new Set<number>();
  bytes.forEach((byte, i) => {
    const reach = byte === 0x0a || byte === 0x0d ? 8 : byte >= 0x80 ? 1 : -1;
    for (let k = i - reach; k <= i + reach + 1; k++) if (k > 0 && k < bytes.length) offsets.add(k);
  });
  return [...offsets].sort((a, b) => a - b);
}

/**
 * The frame before the one `offset` falls in, that one and the next: a stream of its own (frames
 * start afresh), small enough to decode once per offset of a long recording.
 */
function windowAround(s: Stream, offset: number) {
  // The last frame start at or before `offset`, by bisection.
  let i = 0;
  for (let hi = s.starts.length - 1; hi - i > 1;) {
    const mid = (i + hi) >> 1;
    if (s.starts[mid]! <= offset) i = mid;
    else hi = mid;
  }
  const from = s.starts[Math.max(0, i - 1)]!;
  const to = s.starts[Math.min(s.starts.length - 1, i + 2)]!;
  return { key: `${from}-${to}`, bytes: s.bytes.subarray(from, to), offset: offset - from };
}

/** Offsets next to line ends, for the random cuts to hit more often than chance would. */
const lineEndOffsets = (bytes: Uint8Array) =>
  [...bytes.keys()].filter((i) => bytes[i] === 0x0a || bytes[i] === 0x0d).flatMap((i) => [i, i + 1]);

describe('split reads of recorded streams', () => {
  it.each(streams.map((s) => [label(s), s] as const))(
    '%s in one read gives the frames the server sent',
    (_, s) => {
      expect(s.whole.every((e) => e.kind === 'chunk')).toBe(true);
      expect(s.whole.map((e) => e.kind === 'chunk' && e.chunk)).toEqual(referenceChunks(s.name));
    },
  );

  it('split in two reads at every byte offset of the short recordings', () => {
    for (const s of small) {
      for (let offset = 1; offset < s.bytes.length; offset++) {
        const split = decodeReads(splitBytes(s.bytes, [offset]));
        if (!same(split, s.json))
          expect.unreachable(`${label(s)} split at byte ${offset} decoded differently`);
      }
    }
  });

  it('split in two reads at every byte near a line end or in a multi-byte character, every recording', () => {
    // Of the long reply, its first 300 frames: its 1,842 text deltas are all alike.
    for (const s of streams) {
      // Each window's decode in one read.
      const wholes = new Map<string, string>();
      for (const at of sensitiveOffsets(s.bytes.subarray(0, s.starts[300]))) {
        const { key, bytes, offset } = windowAround(s, at);
        const whole = wholes.get(key) ?? JSON.stringify(decodeReads([bytes]));
        wholes.set(key, whole);
        const split = decodeReads(splitBytes(bytes, [offset]));
        if (!same(split, whole)) expect.unreachable(`${label(s)} split at byte ${at} decoded differently`);
      }
    }
  });

  it('split in three reads around every line end of the short recordings, a lone line-end byte in the middle', () => {
    for (const s of small) {
      for (const at of lineEndOffsets(s.bytes)) {
        const split = decodeReads(splitBytes(s.bytes, [at, at + 1]));
        if (!same(split, s.json))
          expect.unreachable(`${label(s)} cut at ${at} and ${at + 1} decoded differently`);
      }
    }
  });

  it('one byte, then one character, at a time', () => {
    for (const s of streams) {
      const bytes = Array.from({ length: s.bytes.length }, (_, i) => s.bytes.subarray(i, i + 1));
      if (!same(decodeReads(bytes), s.json)) expect.unreachable(`${label(s)} in one-byte reads`);
      if (!same(decodeReads([...s.text]), s.json)) expect.unreachable(`${label(s)} in one-character reads`);
    }
  });

  /** Cuts: a natural number is any byte offset; a negative one picks an offset next to a line end. */
  const cuts = fc.array(fc.oneof(fc.nat(), fc.integer({ min: -1e6, max: -1 })), {
    minLength: 1,
    maxLength: 40,
  });
  const readsOf = (s: Stream, picks: number[]) => {
    const nearLineEnds = lineEndOffsets(s.bytes);
    const offsets = picks.map((p) =>
      p >= 0 ? p % (s.bytes.length + 1) : nearLineEnds[(-1 - p) % nearLineEnds.length]!,
    );
    return splitBytes(s.bytes, offsets);
  };

  it('random cuts into many reads, as bytes or as text, after a byte order mark or not', () => {
    // bom: none, or the BOM cut after its 0th to 3rd byte (its bytes in reads of their own).
    const bom = fc.option(fc.integer({ min: 0, max: 3 }));
    fc.assert(
      fc.property(fc.constantFrom(...streams), cuts, fc.boolean(), bom, (s, picks, asText, bomCut) => {
        let reads: Reads = readsOf(s, picks);
        if (asText) reads = textReads(reads as Uint8Array[]);
        if (bomCut !== null && asText) reads[0] = `\uFEFF${reads[0] as string}`;
        if (bomCut !== null && !asText) reads = [BOM.subarray(0, bomCut), BOM.subarray(bomCut), ...reads];
        expect(same(decodeReads(reads), s.json)).toBe(true);
      }),
      { seed: SEED, numRuns: 600 },
    );
  }, 90_000);

  it('with a limit that skips their step-finish and finish frames: random cuts and one-byte reads', () => {
    const limit = 1024;
    const wholes = new Map(streams.map((s) => [s, limitedJson([s.bytes], limit)]));
    // Their frames the kit reads are under the limit: the resumes end with heads alone.
    expect([...wholes.values()].filter((json) => json === 'too-large')).toEqual([]);
    const resume = streams.find((s) => s.name === 'text.resume.sse')!;
    const heads = (JSON.parse(wholes.get(resume)!) as DecodeEvent[]).filter(
      (e) => e.kind === 'chunk' && !('payload' in e.chunk),
    );
    expect(heads.map((e) => e.kind === 'chunk' && e.chunk.type)).toEqual([
      'step-finish',
      'step-finish',
      'finish',
    ]);
    fc.assert(
      fc.property(fc.constantFrom(...streams), cuts, (s, picks) => {
        expect(limitedJson(readsOf(s, picks), limit)).toBe(wholes.get(s));
      }),
      { seed: SEED, numRuns: 300 },
    );
    for (const s of streams.filter((stream) => stream.name.includes('resume'))) {
      const reads = Array.from({ length: s.bytes.length }, (_, i) => s.bytes.subarray(i, i + 1));
      if (limitedJson(reads, limit) !== wholes.get(s)) expect.unreachable(`${label(s)} in one-byte reads`);
    }
  }, 90_000);
});

/** Byte reads as text reads: each cut moved to the end of the character it falls in. */
function textReads(reads: Uint8Array[]): string[] {
  const decoder = new TextDecoder();
  return reads.map((read) => decoder.decode(read, { stream: true }));
}
