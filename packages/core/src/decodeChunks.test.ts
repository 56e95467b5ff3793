import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createChunkDecoder,
  decodeChunks,
  decodeText,
  DEFAULT_MAX_FRAME_LENGTH,
  toDecodeEvent,
} from './decodeChunks.ts';
import { TransportError } from './errors.ts';
import { MAX_EXCERPT_LENGTH } from './excerpt.ts';
import {
  chunksOf,
  collect,
  fixtureBytes,
  referenceChunks,
  splitBytes,
  sseFixtures,
  streamOfReads,
} from './test/fixtures.ts';
import type { DecodeEvent } from './types.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const decodeReads = (reads: Uint8Array[]): DecodeEvent[] => {
  const decoder = createChunkDecoder();
  return [...reads.flatMap((r) => decoder.push(r)), ...decoder.end()];
};

describe('decodeText on recorded streams', () => {
  it.each(sseFixtures)('%s decodes to exactly the frames the server sent', (name) => {
    const events = decodeText(new TextDecoder().decode(fixtureBytes(name)));
    expect(events.every((e) => e.kind === 'chunk')).toBe(true);
    expect(chunksOf(events)).toEqual(referenceChunks(name));
  });
});

describe('split reads', () => {
  // Every offset of whole recordings: a question with accents, CJK and emoji, and a resumed run's
  // first frames. (The larger recordings are covered by the one-byte reads and random splits below.)
  it.each(['unicode.stream.sse', 'two-asks.resume-1.sse', 'text.stream.sse'])(
    '%s split at every byte offset decodes as unsplit',
    (name) => {
      const bytes = fixtureBytes(name);
      const whole = decodeReads([bytes]);
      expect(whole.length).toBe(referenceChunks(name).length);
      for (let offset = 1; offset < bytes.length; offset++) {
        const split = decodeReads(splitBytes(bytes, [offset]));
        if (JSON.stringify(split) !== JSON.stringify(whole)) {
          expect.unreachable(`split at byte ${offset} of ${name} decoded differently`);
        }
      }
    },
  );

  it.each(['unicode.resume.sse', 'single.resume.sse'])(
    '%s read one byte at a time decodes as unsplit',
    (name) => {
      const bytes = fixtureBytes(name);
      const reads = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
      expect(decodeReads(reads)).toEqual(decodeReads([bytes]));
      expect(decodeReads(reads).length).toBe(referenceChunks(name).length);
    },
  );

  it('decodes emoji split across reads', () => {
    const bytes = encode('data: {"type":"text-delta","payload":{"text":"🎒✈️"}}\n\n');
    const emojiStart = bytes.indexOf(0xf0);
    for (const offset of [emojiStart + 1, emojiStart + 2, emojiStart + 3]) {
      expect(decodeReads(splitBytes(bytes, [offset]))).toEqual([
        { kind: 'chunk', chunk: { type: 'text-delta', payload: { text: '🎒✈️' } } },
      ]);
    }
  });

  const realChunks = [...new Set(sseFixtures)].flatMap(referenceChunks);
  const frame = fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .constantFrom(...realChunks)
        .map((c) => ({ text: `data: ${JSON.stringify(c)}\n\n`, expect: [c] })),
    },
    { weight: 1, arbitrary: fc.constant({ text: 'data: [DONE]\n\n', expect: [] }) },
    { weight: 1, arbitrary: fc.constant({ text: ': keep-alive\n\n', expect: [] }) },
    { weight: 1, arbitrary: fc.constant({ text: '\n', expect: [] }) },
    {
      weight: 1,
      arbitrary: fc.string({ maxLength: 200, unit: 'grapheme' }).map((s) => ({
        text: `data: {${s.replace(/[\r\n]/g, ' ')}\n\n`,
        expect: [{ issue: true }],
      })),
    },
  );

  it('random sequences of real chunks, junk and malformed frames, split at random bytes, decode as sent', () => {
    fc.assert(
      fc.property(
        fc.array(frame, { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (frames, cuts) => {
          const bytes = encode(frames.map((f) => f.text).join(''));
          const events = decodeReads(
            splitBytes(
              bytes,
              cuts.map((c) => c % (bytes.length + 1)),
            ),
          );
          const expected = frames.flatMap((f) => f.expect);
          expect(events.length).toBe(expected.length);
          events.forEach((event, i) => {
            const want = expected[i]!;
            if ('issue' in want) expect(event.kind).toBe('decode-error');
            else expect(event).toEqual({ kind: 'chunk', chunk: want });
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('malformed input', () => {
  const long = `{"type":"text-delta","payload":{"text":"${'x'.repeat(300)}"`;
  it.each([
    ['bad JSON', 'data: {not json}\n\n', 'Skipped a frame that is not valid JSON.', '{not json}'],
    ['a number', 'data: 42\n\n', 'Skipped a frame that is not a chunk (an object with a text "type").', '42'],
    [
      'a string',
      'data: "hello"\n\n',
      'Skipped a frame that is not a chunk (an object with a text "type").',
      '"hello"',
    ],
    ['null', 'data: null\n\n', 'Skipped a frame that is not a chunk (an object with a text "type").', 'null'],
    [
      'an array',
      'data: [{"type":"start"}]\n\n',
      'Skipped a frame that is not a chunk (an object with a text "type").',
      '[{"type":"start"}]',
    ],
    [
      'no type',
      'data: {"payload":{}}\n\n',
      'Skipped a frame that is not a chunk (an object with a text "type").',
      '{"payload":{}}',
    ],
    [
      'a number type',
      'data: {"type":7}\n\n',
      'Skipped a frame that is not a chunk (an object with a text "type").',
      '{"type":7}',
    ],
    [
      'truncated JSON',
      `data: ${long}\n\n`,
      'Skipped a frame that is not valid JSON.',
      `${long.slice(0, MAX_EXCERPT_LENGTH - 1)}…`,
    ],
  ])('%s gives a decode-error with a short excerpt, and the stream goes on', (_, bad, message, excerpt) => {
    const events = decodeText(
      `data: {"type":"start","runId":"r1"}\n\n${bad}data: {"type":"finish","runId":"r1"}\n\n`,
    );
    expect(events).toEqual([
      { kind: 'chunk', chunk: { type: 'start', runId: 'r1' } },
      { kind: 'decode-error', issue: { message, excerpt } },
      { kind: 'chunk', chunk: { type: 'finish', runId: 'r1' } },
    ]);
    const second = events[1]!;
    expect(second.kind === 'decode-error' && second.issue.excerpt.length).toBeLessThanOrEqual(
      MAX_EXCERPT_LENGTH,
    );
  });

  it('never cuts an emoji in half in an excerpt', () => {
    const text = `data: {${'a'.repeat(MAX_EXCERPT_LENGTH - 3)}😀😀\n\n`;
    const [event] = decodeText(text);
    const excerpt = event?.kind === 'decode-error' ? event.issue.excerpt : '';
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it.each([
    ['[DONE]', 'data: [DONE]\n\n'],
    ['comments', ': ping\n\n:\n\n'],
    ['blank lines', '\n\n\n\n'],
    ['lines that are not SSE fields', 'garbage line\nevent: x\n\n'],
    ['an empty data field', 'data:\n\n'],
  ])('skips %s silently', (_, text) => {
    expect(decodeText(`${text}data: {"type":"start"}\n\n`)).toEqual([
      { kind: 'chunk', chunk: { type: 'start' } },
    ]);
  });

  it('accepts CRLF line endings and a byte order mark', () => {
    expect(decodeText('\uFEFFdata: {"type":"start"}\r\n\r\ndata: {"type":"finish"}\r\n\r\n')).toEqual([
      { kind: 'chunk', chunk: { type: 'start' } },
      { kind: 'chunk', chunk: { type: 'finish' } },
    ]);
  });

  it('drops a byte order mark at the start of a stream of text, as of bytes, even split across reads', () => {
    const frame = 'data: {"type":"start"}\n\n';
    const start = [{ kind: 'chunk', chunk: { type: 'start' } }];
    const decoder = createChunkDecoder();
    expect([...decoder.push(`\uFEFF${frame}`), ...decoder.end()]).toEqual(start);
    const bytes = encode(`\uFEFF${frame}`);
    for (const offset of [0, 1, 2, 3, 4]) expect(decodeReads(splitBytes(bytes, [offset]))).toEqual(start);
    // Only at the start: after an empty read too, but not after the stream's first text.
    const late = createChunkDecoder();
    expect([...late.push(''), ...late.push(`\uFEFF${frame}`), ...late.end()]).toEqual(start);
    const second = createChunkDecoder();
    expect([...second.push(frame), ...second.push(`\uFEFF${frame}`), ...second.end()]).toEqual(start);
  });

  it('accepts CR line endings, a CRLF split across reads, and data split over several lines', () => {
    expect(decodeText('data: {"type":"start"}\r\rdata: {"type":\ndata:"finish"}\n\n')).toEqual([
      { kind: 'chunk', chunk: { type: 'start' } },
      { kind: 'chunk', chunk: { type: 'finish' } },
    ]);
    expect(
      decodeReads([
        encode('data: {"type":"start"}\r'),
        encode('\n\r'),
        encode('\ndata: {"type":"finish"}\r\n\r\n'),
      ]),
    ).toEqual([
      { kind: 'chunk', chunk: { type: 'start' } },
      { kind: 'chunk', chunk: { type: 'finish' } },
    ]);
  });

  it('a CR ending one read and a read of just its LF end one line, not two', () => {
    // The LF completes the CRLF; the next read's LF is the blank line that ends the frame.
    const reads = ['data: {"type":"a"}\r', '\n', '\ndata: {"type":"b"}\n\n'];
    const expected = [
      { kind: 'chunk', chunk: { type: 'a' } },
      { kind: 'chunk', chunk: { type: 'b' } },
    ];
    expect(decodeReads(reads.map(encode))).toEqual(expected);
    const decoder = createChunkDecoder();
    expect([...reads.flatMap((read) => decoder.push(read)), ...decoder.end()]).toEqual(expected);
  });

  it('a CR ending one read is still remembered after empty reads', () => {
    expect(
      decodeReads(['data: {"type":"a"}\r', '', '\n', '', '\r\n', 'data: {"type":"b"}\r'].map(encode)),
    ).toEqual([
      { kind: 'chunk', chunk: { type: 'a' } },
      { kind: 'chunk', chunk: { type: 'b' } },
    ]);
  });

  it('delivers a last frame that lacks its blank line, and reports a cut one', () => {
    expect(decodeText('data: {"type":"finish"}')).toEqual([{ kind: 'chunk', chunk: { type: 'finish' } }]);
    expect(decodeText('data: {"type":"fin')).toEqual([
      {
        kind: 'decode-error',
        issue: { message: 'Skipped a frame that is not valid JSON.', excerpt: '{"type":"fin' },
      },
    ]);
  });

  it('replaces invalid UTF-8 instead of throwing', () => {
    const bytes = new Uint8Array([
      ...encode('data: {"type":"text-delta","payload":{"text":"'),
      0xff,
      0xfe,
      ...encode('"}}\n\n'),
    ]);
    expect(decodeReads([bytes])).toEqual([
      { kind: 'chunk', chunk: { type: 'text-delta', payload: { text: '\uFFFD\uFFFD' } } },
    ]);
  });

  it('toDecodeEvent checks in-process values the same way', () => {
    expect(toDecodeEvent({ type: 'start' })).toEqual({ kind: 'chunk', chunk: { type: 'start' } });
    expect(toDecodeEvent(undefined)).toEqual({
      kind: 'decode-error',
      issue: {
        message: 'Skipped a frame that is not a chunk (an object with a text "type").',
        excerpt: 'undefined',
      },
    });
  });
});

describe('decodeChunks', () => {
  it('yields one batch per read, and nothing for a read that completes no frame', async () => {
    const a = 'data: {"type":"start"}\n\ndata: {"type":"step-start"}\n\n';
    const b = 'data: {"type":"text-delta","payload":{"te';
    const c = 'xt":"hi"}}\n\ndata: [DONE]\n\n';
    const batches = await collect(decodeChunks(streamOfReads([a, b, c].map(encode))));
    expect(batches.map((batch) => batch.map((e) => (e.kind === 'chunk' ? e.chunk.type : e.kind)))).toEqual([
      ['start', 'step-start'],
      ['text-delta'],
    ]);
  });

  it('cancels the body when the consumer stops early', async () => {
    let cancelled = false;
    const bytes = fixtureBytes('long-reply.stream.sse');
    const stream = streamOfReads(splitBytes(bytes, [1000, 2000, 3000]), () => {
      cancelled = true;
    });
    for await (const batch of decodeChunks(stream)) {
      expect(batch.length).toBeGreaterThan(0);
      break;
    }
    expect(cancelled).toBe(true);
  });

  const stalled = (first: string, onCancel: () => void) =>
    new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(encode(first)),
      cancel: onCancel,
    });

  it('idleTimeout: a body silent for that long ends in a timeout error, and is cancelled', async () => {
    let cancelled = false;
    const stream = stalled('data: {"type":"start"}\n\n', () => {
      cancelled = true;
    });
    const seen: DecodeEvent[][] = [];
    const error = await (async () => {
      for await (const batch of decodeChunks(stream, { idleTimeout: 50 })) seen.push(batch);
    })().then(
      () => expect.unreachable('expected a timeout'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).error).toEqual({
      code: 'timeout',
      message: 'The server sent nothing for 50 ms (the idleTimeout limit); the stream was stopped.',
    });
    expect(seen).toEqual([[{ kind: 'chunk', chunk: { type: 'start' } }]]);
    expect(cancelled).toBe(true);
  });

  it('idleTimeout starts again at every read', async () => {
    const reads = [
      'data: {"type":"start"}\n\n',
      'data: {"type":"step-start"}\n\n',
      'data: {"type":"finish"}\n\n',
    ];
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 40));
        const read = reads.shift();
        if (read) controller.enqueue(encode(read));
        else controller.close();
      },
    });
    const batches = await collect(decodeChunks(stream, { idleTimeout: 500 }));
    expect(batches.flat().map((e) => e.kind === 'chunk' && e.chunk.type)).toEqual([
      'start',
      'step-start',
      'finish',
    ]);
  });

  it('a frame past maxFrameLength ends the iteration with too-large and cancels the body', async () => {
    let cancelled = false;
    const stream = stalled(`data: {"type":"start"}\n\ndata: ${'x'.repeat(200)}`, () => {
      cancelled = true;
    });
    await expect(collect(decodeChunks(stream, { maxFrameLength: 100 }))).rejects.toMatchObject({
      error: { code: 'too-large' },
    });
    expect(cancelled).toBe(true);
  });

  it('throws a read error to the consumer after the batches before it', async () => {
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(encode('data: {"type":"start"}\n\n'));
        } else controller.error(new TypeError('terminated'));
      },
    });
    const seen: DecodeEvent[][] = [];
    await expect(
      (async () => {
        for await (const batch of decodeChunks(stream)) seen.push(batch);
      })(),
    ).rejects.toThrow('terminated');
    expect(seen).toEqual([[{ kind: 'chunk', chunk: { type: 'start' } }]]);
  });
});

describe('limits', () => {
  const frameOf = (length: number) =>
    `data: {"type":"text-delta","payload":{"text":"${'x'.repeat(length - 49)}"}}`;
  const errorOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error;
    }
    return expect.unreachable('expected a throw');
  };

  it('a frame longer than maxFrameLength throws too-large, whole or split in any reads; one at the limit passes', () => {
    expect(frameOf(100)).toHaveLength(100);
    expect(decodeText(`${frameOf(100)}\n\n`, { maxFrameLength: 100 })).toHaveLength(1);
    const bytes = encode(`${frameOf(101)}\n\ndata: {"type":"finish"}\n\n`);
    for (const reads of [
      [bytes],
      splitBytes(bytes, [50]),
      splitBytes(
        bytes,
        Array.from({ length: bytes.length }, (_, i) => i),
      ),
    ]) {
      const decoder = createChunkDecoder({ maxFrameLength: 100 });
      const error = errorOf(() => reads.forEach((read) => decoder.push(read)));
      expect(error).toBeInstanceOf(TransportError);
      expect((error as TransportError).error).toEqual({
        code: 'too-large',
        message:
          'The server sent a frame longer than 100 characters (the maxFrameLength limit); the stream was stopped.',
      });
    }
  });

  it('a line that has not ended throws as soon as it passes the limit', () => {
    const decoder = createChunkDecoder({ maxFrameLength: 100 });
    expect(decoder.push('data: {"type":"start"}\n\ndata: ')).toEqual([
      { kind: 'chunk', chunk: { type: 'start' } },
    ]);
    expect(decoder.push('x'.repeat(94))).toEqual([]);
    expect((errorOf(() => decoder.push('x')) as TransportError).error.code).toBe('too-large');
  });

  it('counts the data lines of one frame together, and any line, data or not', () => {
    const lines = `data: ${'1'.repeat(44)}\ndata: ${'2'.repeat(44)}\n`;
    expect(decodeText(`${lines}\n`, { maxFrameLength: 100 })).toHaveLength(1);
    expect(
      (errorOf(() => decodeText(`${lines}data: 3\n\n`, { maxFrameLength: 100 })) as TransportError).error
        .code,
    ).toBe('too-large');
    expect(
      (errorOf(() => decodeText(`: ${'c'.repeat(100)}\n\n`, { maxFrameLength: 100 })) as TransportError).error
        .code,
    ).toBe('too-large');
  });

  it('the default limit is 8 MiB', () => {
    expect(DEFAULT_MAX_FRAME_LENGTH).toBe(8 * 1024 * 1024);
    expect(decodeText(`${frameOf(DEFAULT_MAX_FRAME_LENGTH)}\n\n`)).toHaveLength(1);
    expect(
      (errorOf(() => decodeText(`${frameOf(DEFAULT_MAX_FRAME_LENGTH + 1)}\n\n`)) as TransportError).error
        .code,
    ).toBe('too-large');
  });
});

describe('memory', () => {
  // Vitest runs without --expose-gc; V8 still hands out gc() to a new context once the flag is set.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const heapAfterGc = () => {
    for (let i = 0; i < 3; i++) gc();
    return process.memoryUsage().heapUsed;
  };

  it('issues of twenty malformed 1 MB frames keep 120-character copies, not the frames', () => {
    const decoder = createChunkDecoder();
    const before = heapAfterGc();
    const events = Array.from({ length: 20 }, (_, i) =>
      decoder.push(encode(`data: {${i}${'x'.repeat(1_000_000)}\n\n`)),
    ).flat();
    const retained = heapAfterGc() - before;
    expect(events).toHaveLength(20);
    for (const event of events) {
      expect(event.kind === 'decode-error' && event.issue.excerpt.length).toBe(MAX_EXCERPT_LENGTH);
    }
    // The decoder, still alive, holds nothing of the frames either.
    expect(decoder.push('data: {"type":"finish"}\n\n')).toHaveLength(1);
    expect(retained).toBeLessThan(2_000_000);
  });

  it('a small malformed frame in a large read keeps nothing of the read', () => {
    const before = heapAfterGc();
    const events = Array.from({ length: 20 }, () =>
      decodeText(`data: {a bad frame, long enough to be a slice}\n\n: ${'x'.repeat(1_000_000)}\n\n`),
    ).flat();
    const retained = heapAfterGc() - before;
    expect(events.map((e) => e.kind === 'decode-error' && e.issue.excerpt)).toEqual(
      Array(20).fill('{a bad frame, long enough to be a slice}'),
    );
    expect(retained).toBeLessThan(2_000_000);
  });
});
