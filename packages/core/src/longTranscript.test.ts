import { describe, expect, it } from 'vitest';
import { createRunStore } from './createRunStore.ts';
import { decodeText } from './decodeChunks.ts';
import { initialRunSnapshot, reduceRun } from './reduceRun.ts';
import { editStore } from './storeSeams.ts';
import { fixtureText } from './test/fixtures.ts';
import type { AgentTransport, DecodeEvent, RunSnapshot, TranscriptEntry } from './types.ts';

// A stream's batches must cost the same in a conversation of 300 entries as in one of 3: they may
// copy the transcript's list of references, but never read, copy or replace an entry they leave
// as it was. The earlier entries here are proxies that count every property read.

const EARLIER = 300;

/** The earlier entries, and how often any of them was read while `armed`. */
function watchedConversation() {
  const reads = { armed: false, count: 0 };
  const entries: TranscriptEntry[] = Array.from({ length: EARLIER }, (_, index) => {
    const entry: TranscriptEntry =
      index % 2 === 0
        ? { type: 'user', id: `u${index}`, text: `Message ${index}` }
        : { type: 'assistant', id: `a${index}`, runId: `old-run-${index}`, text: `Reply ${index}` };
    return new Proxy(Object.freeze(entry), {
      get(target, property, receiver) {
        if (reads.armed) reads.count++;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
  });
  const snapshot: RunSnapshot = { ...initialRunSnapshot, status: 'done', transcript: entries };
  return { entries, snapshot, reads };
}

/** Each chunk of a recorded stream in a batch of its own, as if every chunk came in its own read. */
const batchesOf = (name: string): DecodeEvent[][] => decodeText(fixtureText(name)).map((event) => [event]);

describe('a long conversation', () => {
  it('streams a question and a reply without reading or replacing an earlier entry', () => {
    const { entries, snapshot, reads } = watchedConversation();
    // Sending scans the transcript once (malformed prompts expire): an action, not a batch.
    let s = reduceRun(snapshot, { type: 'send', id: 'm1', text: 'Plan a trip' });

    reads.armed = true;
    for (const events of batchesOf('single.stream.sse')) s = reduceRun(s, { type: 'events', events });
    s = reduceRun(s, { type: 'stream-end' });
    reads.armed = false;
    expect(s.status).toBe('awaiting-input');
    const [prompt] = s.openPrompts;
    expect(prompt).toBeDefined();

    s = reduceRun(s, { type: 'submit-start', key: prompt!.key, answer: 'Train' });
    s = reduceRun(s, { type: 'submit-accepted', key: prompt!.key });
    reads.armed = true;
    for (const events of batchesOf('single.resume.sse')) s = reduceRun(s, { type: 'events', events });
    s = reduceRun(s, { type: 'stream-end' });
    reads.armed = false;

    expect(s.status).toBe('done');
    expect(reads.count).toBe(0);
    expect(s.transcript.slice(0, EARLIER).every((entry, index) => entry === entries[index])).toBe(true);
    expect(s.transcript.slice(EARLIER).map((entry) => entry.type)).toEqual(['user', 'prompt', 'assistant']);
  });

  it('keeps every entry a batch of text does not change, and the earlier snapshot as it was', () => {
    const { snapshot } = watchedConversation();
    let s = reduceRun(snapshot, { type: 'send', id: 'm1', text: 'Plan a trip' });
    const batches = batchesOf('single.resume.sse');
    const before = s;
    for (const events of batches) {
      const previous = s;
      s = reduceRun(s, { type: 'events', events });
      if (s === previous) continue;
      const changed = s.transcript.filter((entry, index) => entry !== previous.transcript[index]);
      // Only the reply being written (or the one just begun) is new.
      expect(changed.length).toBeLessThanOrEqual(1);
      expect(changed.every((entry) => entry === s.transcript.at(-1))).toBe(true);
    }
    expect(s.text.length).toBeGreaterThan(0);
    expect(before.transcript).toHaveLength(EARLIER + 1);
    expect(before.text).toBe('');
  });

  it('a store streams a reply into it without reading an earlier entry (its expiry clock included)', async () => {
    const { snapshot, reads } = watchedConversation();
    async function* replay(name: string) {
      yield* batchesOf(name);
    }
    const transport: AgentTransport = {
      stream: () => Promise.resolve(replay('single.stream.sse')),
      resume: () => Promise.resolve(replay('single.resume.sse')),
      listSuspended: () => Promise.resolve({ runs: [], issues: [] }),
    };
    const store = createRunStore({ transport });
    editStore(store, () => snapshot);
    // Sending scans the transcript once (malformed prompts expire), before its first await.
    const sent = store.send('Plan a trip');
    reads.armed = true;
    await sent;
    const [prompt] = store.getSnapshot().openPrompts;
    await store.submit(prompt!.key, 'Train');
    reads.armed = false;
    expect(store.getSnapshot().status).toBe('done');
    expect(reads.count).toBe(0);
  });
});
