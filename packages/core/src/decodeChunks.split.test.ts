// The decoder over every recorded stream split into reads every way that can matter: at every byte
// of the question recordings, near every line end and inside every non-ASCII character of all of
// them, at random cuts (1 to 40 reads, often cut next to a line end), and one byte or one
// character at a time, with LF, CRLF, CR and mixed line ends. Every split must decode as the
// stream does in one read, and that must be the frames the server sent. A few seconds in all.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createChunkDecoder } from './decodeChunks.ts';
import { fixtureText, referenceChunks, splitBytes, sseFixtures } from './test/fixtures.ts';
import type { DecodeEvent } from './types.ts';

const SEED = 20_261_204;
const encoder = new TextEncoder();

type Reads = (Uint8Array | string)[];

function decodeReads(reads: Reads): DecodeEvent[] {
  const decoder = createChunkDecoder();
  return [...reads.flatMap((read) => decoder.push(read)), ...decoder.end()];
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

  it('random cuts into many reads, as bytes or as text', () => {
    const cuts = fc.array(
      fc.oneof(
        fc.nat(),
        fc.nat().map((n) => -1 - n),
      ),
      { minLength: 1, maxLength: 40 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...streams), cuts, fc.boolean(), (s, picks, asText) => {
        const nearLineEnds = lineEndOffsets(s.bytes);
        // A natural number is any byte offset; a negative one picks an offset next to a line end.
        const offsets = picks.map((p) =>
          p >= 0 ? p % (s.bytes.length + 1) : nearLineEnds[(-1 - p) % nearLineEnds.length]!,
        );
        const reads = splitBytes(s.bytes, offsets);
        const input: Reads = asText ? textReads(reads) : reads;
        expect(same(decodeReads(input), s.json)).toBe(true);
      }),
      { seed: SEED, numRuns: 600 },
    );
  });
});

/** Byte reads as text reads: each cut moved to the end of the character it falls in. */
function textReads(reads: Uint8Array[]): string[] {
  const decoder = new TextDecoder();
  return reads.map((read) => decoder.decode(read, { stream: true }));
}
