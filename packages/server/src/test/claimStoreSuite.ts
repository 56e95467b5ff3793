import { expect, it } from 'vitest';
import type { SqlClaimStore } from '../createClaimStore.ts';

/**
 * The behaviour every claim store built on `createClaimStore` must have, run against a real
 * database. `open` opens a new store (its own connection or pool) on one shared database; `prefix`
 * keeps the run ids of this suite apart from others on that database.
 */
export function claimStoreSuite(open: (takeOverAfterMs?: number) => SqlClaimStore, prefix: string) {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('gives one claim per question to exactly one of many concurrent callers on separate connections', async () => {
    const stores = [open(), open()];
    await Promise.all(stores.map((store) => store.init()));
    for (let question = 0; question < 5; question++) {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          stores[index % 2]!.claim(`${prefix}-run-1`, `call_${question}`, '100'),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    }
  });

  it('replaces a claim only for another suspension of the same call, and releases only its own', async () => {
    const store = open();
    const run = `${prefix}-run-2`;
    expect(await store.claim(run, 'call_1', '100')).toBe(true);
    expect(await store.claim(run, 'call_1', '100')).toBe(false);
    // The run moved on: a late answer finds no suspension for the call and is refused.
    expect(await store.claim(run, 'call_1')).toBe(false);
    // A new question that reuses the call id, suspended later.
    expect(await store.claim(run, 'call_1', '200')).toBe(true);
    expect(await store.claim(run, 'call_1', '200')).toBe(false);

    // A stale release (for suspension 100) leaves the newer claim alone.
    await store.release(run, 'call_1', '100');
    expect(await store.claim(run, 'call_1', '200')).toBe(false);
    await store.release(run, 'call_1', '200');
    expect(await store.claim(run, 'call_1', '200')).toBe(true);

    // Without a suspension on either side, the pair alone decides.
    const bare = `${prefix}-run-3`;
    expect(await store.claim(bare, 'call_1')).toBe(true);
    expect(await store.claim(bare, 'call_1')).toBe(false);
    await store.release(bare, 'call_1');
    expect(await store.claim(bare, 'call_1')).toBe(true);
  });

  it('lets exactly one caller take over a claim older than the bound for the same suspension', async () => {
    const run = `${prefix}-run-4`;
    const never = open();
    const stores = [open(50), open(50)];
    expect(await never.claim(run, 'call_1', '100')).toBe(true);
    // Within the bound the claim holds.
    expect(await stores[0]!.claim(run, 'call_1', '100')).toBe(false);
    await sleep(100);
    // Without a bound, it holds forever.
    expect(await never.claim(run, 'call_1', '100')).toBe(false);
    // Past the bound, only an answer to the same, still open suspension takes it over; only one does.
    expect(await stores[0]!.claim(run, 'call_1')).toBe(false);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => stores[index % 2]!.claim(run, 'call_1', '100')),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
}
