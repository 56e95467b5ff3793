import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libsqlClaimStore } from './libsqlClaimStore.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ask-user-kit-claims-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('libsqlClaimStore', () => {
  it('gives one claim per question to exactly one of many concurrent callers on separate connections', async () => {
    const url = `file:${path.join(dir, 'concurrent.db')}`;
    const stores = [libsqlClaimStore({ url }), libsqlClaimStore({ url })];
    try {
      await Promise.all(stores.map((store) => store.init()));
      for (let question = 0; question < 5; question++) {
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            stores[index % 2]!.claim('run-1', `call_${question}`, '100'),
          ),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
      }
    } finally {
      for (const store of stores) store.close();
    }
  });

  it('replaces a claim only for another suspension of the same call, and releases only its own', async () => {
    const store = libsqlClaimStore({ url: `file:${path.join(dir, 'suspensions.db')}` });
    try {
      expect(await store.claim('run-1', 'call_1', '100')).toBe(true);
      expect(await store.claim('run-1', 'call_1', '100')).toBe(false);
      // The run moved on: a late answer finds no suspension for the call and is refused.
      expect(await store.claim('run-1', 'call_1')).toBe(false);
      // A new question that reuses the call id, suspended later.
      expect(await store.claim('run-1', 'call_1', '200')).toBe(true);
      expect(await store.claim('run-1', 'call_1', '200')).toBe(false);

      // A stale release (for suspension 100) leaves the newer claim alone.
      await store.release('run-1', 'call_1', '100');
      expect(await store.claim('run-1', 'call_1', '200')).toBe(false);
      await store.release('run-1', 'call_1', '200');
      expect(await store.claim('run-1', 'call_1', '200')).toBe(true);

      // Without a suspension on either side, the pair alone decides.
      expect(await store.claim('run-2', 'call_1')).toBe(true);
      expect(await store.claim('run-2', 'call_1')).toBe(false);
      await store.release('run-2', 'call_1');
      expect(await store.claim('run-2', 'call_1')).toBe(true);
    } finally {
      store.close();
    }
  });

  it('lets exactly one caller take over a claim older than the bound for the same suspension', async () => {
    const url = `file:${path.join(dir, 'take-over.db')}`;
    const never = libsqlClaimStore({ url });
    const stores = [
      libsqlClaimStore({ url, takeOverAfterMs: 50 }),
      libsqlClaimStore({ url, takeOverAfterMs: 50 }),
    ];
    try {
      expect(await never.claim('run-1', 'call_1', '100')).toBe(true);
      // Within the bound the claim holds.
      expect(await stores[0]!.claim('run-1', 'call_1', '100')).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Without a bound, it holds forever.
      expect(await never.claim('run-1', 'call_1', '100')).toBe(false);
      // Past the bound, only an answer to the same, still open suspension takes it over; only one does.
      expect(await stores[0]!.claim('run-1', 'call_1')).toBe(false);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) => stores[index % 2]!.claim('run-1', 'call_1', '100')),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    } finally {
      never.close();
      for (const store of stores) store.close();
    }
  });

  it('fails init on a file that is not a database, each time it is asked', async () => {
    const file = path.join(dir, 'not-a-database.db');
    await writeFile(file, 'this is not SQLite\n'.repeat(100));
    const store = libsqlClaimStore({ url: `file:${file}` });
    try {
      await expect(store.init()).rejects.toThrow();
      await expect(store.claim('run-1', 'call_1')).rejects.toThrow();
    } finally {
      store.close();
    }
  });
});
