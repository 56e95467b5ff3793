import { describe, expect, it } from 'vitest';
import { parseChunk } from './chunks.ts';
import { referenceChunks, sseFixtures } from './test/fixtures.ts';
import type { MastraChunk } from './types.ts';

// Real chunks from the recordings, then broken one field at a time.
const all = sseFixtures.flatMap(referenceChunks) as unknown as MastraChunk[];
type RealChunk = MastraChunk & { payload: Record<string, unknown> };
const real = (type: string) => {
  const chunk = all.find((c) => c.type === type);
  if (!chunk) throw new Error(`no recorded ${type} chunk`);
  return structuredClone(chunk) as RealChunk;
};
const broken = (type: string, change: (c: RealChunk) => unknown) => {
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

  // One row a way to break a recorded chunk: the issue says which chunk type and which field.
  it.each<{ type: string; broken: string; change: (c: RealChunk) => unknown; reason: string }>([
    {
      type: 'text-delta',
      broken: 'a number as text',
      change: (c) => (c.payload.text = 42),
      reason: 'payload.text must be text.',
    },
    {
      type: 'text-delta',
      broken: 'no text',
      change: (c) => delete c.payload.text,
      reason: 'payload.text must be text.',
    },
    {
      type: 'text-delta',
      broken: 'a string as payload',
      change: (c) => ((c as { payload: unknown }).payload = 'hi'),
      reason: 'payload must be an object.',
    },
    {
      type: 'text-delta',
      broken: 'an array as payload',
      change: (c) => ((c as { payload: unknown }).payload = ['hi']),
      reason: 'payload must be an object.',
    },
    {
      type: 'text-delta',
      broken: 'a number as runId',
      change: (c) => ((c as { runId: unknown }).runId = 5),
      reason: 'runId must be text.',
    },
    {
      type: 'tool-call-suspended',
      broken: 'no runId',
      change: (c) => delete c.runId,
      reason: 'runId must be text.',
    },
    {
      type: 'tool-call-suspended',
      broken: 'a number as toolCallId',
      change: (c) => (c.payload.toolCallId = 5),
      reason: 'payload.toolCallId must be text.',
    },
    {
      type: 'tool-call-suspended',
      broken: 'no toolName',
      change: (c) => delete c.payload.toolName,
      reason: 'payload.toolName must be text.',
    },
    {
      type: 'tool-call',
      broken: 'a null toolCallId',
      change: (c) => (c.payload.toolCallId = null),
      reason: 'payload.toolCallId must be text.',
    },
    {
      type: 'tool-call',
      broken: 'no toolName',
      change: (c) => delete c.payload.toolName,
      reason: 'payload.toolName must be text.',
    },
    {
      type: 'tool-result',
      broken: 'a string as isError',
      change: (c) => (c.payload.isError = 'no'),
      reason: 'payload.isError must be true or false.',
    },
    {
      type: 'tool-result',
      broken: 'a number as toolName',
      change: (c) => (c.payload.toolName = 5),
      reason: 'payload.toolName must be text.',
    },
  ])('a $type chunk with $broken gives a clear issue, not a throw', ({ type, change, reason }) => {
    const chunk = broken(type, change);
    const parsed = parseChunk(chunk);
    const message = `Skipped a "${type}" chunk: ${reason}`;
    expect(parsed).toEqual({ ok: false, issue: { message, excerpt: expect.any(String) } });
    if (!parsed.ok) expect(parsed.issue.excerpt.startsWith(JSON.stringify(chunk).slice(0, 40))).toBe(true);
  });
});
