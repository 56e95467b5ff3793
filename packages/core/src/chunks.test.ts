import { describe, expect, it } from 'vitest';
import { parseChunk } from './chunks.ts';
import { referenceChunks, sseFixtures } from './test/fixtures.ts';
import type { MastraChunk } from './types.ts';

// Real chunks from the recordings, then broken one field at a time.
const all = sseFixtures.flatMap(referenceChunks) as unknown as MastraChunk[];
const real = (type: string) => {
  const chunk = all.find((c) => c.type === type);
  if (!chunk) throw new Error(`no recorded ${type} chunk`);
  return structuredClone(chunk) as MastraChunk & { payload: Record<string, unknown> };
};
const broken = (type: string, change: (c: MastraChunk & { payload: Record<string, unknown> }) => void) => {
  const chunk = real(type);
  change(chunk);
  return chunk;
};

describe('parseChunk', () => {
  it('accepts every recorded chunk, keeping its fields', () => {
    for (const chunk of all) {
      const parsed = parseChunk(chunk);
      expect(parsed.ok).toBe(true);
      if (parsed.ok && parsed.chunk.type !== 'unknown') expect(parsed.chunk).toEqual(chunk);
    }
  });

  it('reads only what the reducer needs: a missing optional field or an unread payload is no problem', () => {
    const result = broken('tool-result', (c) => {
      delete c.payload.toolName;
      delete c.payload.isError;
    });
    expect(parseChunk(result)).toEqual({ ok: true, chunk: result });
    const step = { ...real('step-finish'), payload: 'anything' };
    expect(parseChunk(step)).toEqual({ ok: true, chunk: step });
    expect(parseChunk({ type: 'error', payload: null })).toMatchObject({
      ok: false,
      issue: { message: 'Skipped a "error" chunk: payload must be an object.' },
    });
  });

  it('passes unknown chunk types through as data', () => {
    const chunk = { type: 'reasoning-delta', runId: 'r1', payload: { text: 'hmm' } };
    expect(parseChunk(chunk)).toEqual({ ok: true, chunk: { type: 'unknown', chunk } });
    expect(parseChunk({ type: 'toString' })).toEqual({
      ok: true,
      chunk: { type: 'unknown', chunk: { type: 'toString' } },
    });
  });

  it.each([
    ['text-delta', (c) => (c.payload.text = 42), 'Skipped a "text-delta" chunk: payload.text must be text.'],
    ['text-delta', (c) => delete c.payload.text, 'Skipped a "text-delta" chunk: payload.text must be text.'],
    [
      'text-delta',
      (c) => ((c as { payload: unknown }).payload = 'hi'),
      'Skipped a "text-delta" chunk: payload must be an object.',
    ],
    [
      'text-delta',
      (c) => ((c as { runId: unknown }).runId = 5),
      'Skipped a "text-delta" chunk: runId must be text.',
    ],
    [
      'tool-call-suspended',
      (c) => delete c.runId,
      'Skipped a "tool-call-suspended" chunk: runId must be text.',
    ],
    [
      'tool-call-suspended',
      (c) => (c.payload.toolCallId = 5),
      'Skipped a "tool-call-suspended" chunk: payload.toolCallId must be text.',
    ],
    [
      'tool-call-suspended',
      (c) => delete c.payload.toolName,
      'Skipped a "tool-call-suspended" chunk: payload.toolName must be text.',
    ],
    [
      'tool-call',
      (c) => (c.payload.toolCallId = null),
      'Skipped a "tool-call" chunk: payload.toolCallId must be text.',
    ],
    [
      'tool-result',
      (c) => (c.payload.isError = 'no'),
      'Skipped a "tool-result" chunk: payload.isError must be true or false.',
    ],
    [
      'tool-result',
      (c) => (c.payload.toolName = 5),
      'Skipped a "tool-result" chunk: payload.toolName must be text.',
    ],
    [
      'tool-call',
      (c) => delete c.payload.toolName,
      'Skipped a "tool-call" chunk: payload.toolName must be text.',
    ],
    [
      'text-delta',
      (c) => ((c as { payload: unknown }).payload = ['hi']),
      'Skipped a "text-delta" chunk: payload must be an object.',
    ],
  ] as const satisfies [
    string,
    (c: MastraChunk & { payload: Record<string, unknown> }) => unknown,
    string,
  ][])('a malformed %s gives a clear issue, not a throw', (type, change, message) => {
    const chunk = broken(type, change as (c: MastraChunk & { payload: Record<string, unknown> }) => void);
    const parsed = parseChunk(chunk);
    expect(parsed).toEqual({ ok: false, issue: { message, excerpt: expect.any(String) } });
    if (!parsed.ok) expect(parsed.issue.excerpt.startsWith(JSON.stringify(chunk).slice(0, 40))).toBe(true);
  });
});
