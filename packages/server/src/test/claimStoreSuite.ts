import { expect, it } from 'vitest';
import type { AnswerRecord, Lease } from '../ClaimStore.ts';
import { CLAIMS_TABLE, type SqlClaimStore } from '../createClaimStore.ts';

/**
 * The behaviour every claim store built on `createClaimStore` must have, run against a real
 * database. `open` opens a new store (its own connection or pool) on one shared database; `prefix`
 * keeps the run ids of this suite apart from others on that database.
 */
export function claimStoreSuite(open: () => SqlClaimStore, prefix: string) {
  let holders = 0;
  // A lease of a minute holds for the whole test; one that ended a minute ago is over already.
  const live = (): Lease => ({ holder: `${prefix}-holder-${++holders}`, ms: 60_000 });
  const ended = (): Lease => ({ holder: `${prefix}-holder-${++holders}`, ms: -60_000 });

  it('gives one claim per question to exactly one of many concurrent callers on separate connections', async () => {
    const stores = [open(), open()];
    await Promise.all(stores.map((store) => store.init()));
    for (let question = 0; question < 5; question++) {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          stores[index % 2]!.claim(`${prefix}-run-1`, `call_${question}`, '100', live()),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    }
  });

  it('replaces a claim only for another suspension of the same call, and releases only its holder', async () => {
    const store = open();
    const run = `${prefix}-run-2`;
    const first = live();
    expect(await store.claim(run, 'call_1', '100', first)).toBe(true);
    expect(await store.claim(run, 'call_1', '100', live())).toBe(false);
    expect(await store.find(run, 'call_1')).toEqual({ holder: first.holder, heldUntil: expect.any(Number) });
    // A new question that reuses the call id, suspended later.
    const second = live();
    expect(await store.claim(run, 'call_1', '200', second)).toBe(true);
    expect(await store.claim(run, 'call_1', '200', live())).toBe(false);

    // The first holder's release (its claim was replaced) leaves the newer claim alone.
    await store.release(run, 'call_1', first.holder);
    expect(await store.claim(run, 'call_1', '200', live())).toBe(false);
    await store.release(run, 'call_1', second.holder);
    expect(await store.find(run, 'call_1')).toBeUndefined();
    expect(await store.claim(run, 'call_1', '200', live())).toBe(true);

    // Without a suspension on either side, the pair alone decides.
    const bare = `${prefix}-run-3`;
    const held = live();
    expect(await store.claim(bare, 'call_1', undefined, held)).toBe(true);
    expect(await store.claim(bare, 'call_1', undefined, live())).toBe(false);
    await store.release(bare, 'call_1', held.holder);
    expect(await store.claim(bare, 'call_1', undefined, live())).toBe(true);
  });

  it('lets exactly one caller take a claim whose lease ended, and none one that was renewed', async () => {
    const run = `${prefix}-run-4`;
    const stores = [open(), open()];
    const dead = ended();
    expect(await stores[0]!.claim(run, 'call_1', '100', dead)).toBe(true);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => stores[index % 2]!.claim(run, 'call_1', '100', live())),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    // The dead holder has nothing left to renew or release.
    expect(await stores[0]!.renew(run, 'call_1', { ...dead, ms: 60_000 })).toBe(false);
    await stores[0]!.release(run, 'call_1', dead.holder);
    expect(await stores[1]!.find(run, 'call_1')).toMatchObject({
      holder: expect.not.stringMatching(dead.holder),
    });

    // A lease that ended and was renewed before anyone took it holds again.
    const late = ended();
    expect(await stores[0]!.claim(run, 'call_2', '100', late)).toBe(true);
    expect(await stores[0]!.renew(run, 'call_2', { ...late, ms: 60_000 })).toBe(true);
    expect(await stores[1]!.claim(run, 'call_2', '100', live())).toBe(false);
  });
  it('keeps an audit trail: every record of a run, oldest first, as written, apart from other runs', async () => {
    const stores = [open(), open()];
    const run = `${prefix}-run-audit`;
    const record = (at: string, extra: Partial<AnswerRecord>): AnswerRecord => ({
      runId: run,
      toolCallId: 'call_1',
      at,
      route: '/api/agents/planner/resume-stream',
      outcome: 'accepted',
      status: 200,
      resource: 'resource-alice',
      user: 'alice',
      answer: '"Lisbon"',
      sensitive: false,
      ...extra,
    });
    const accepted = record('2026-12-05T10:00:00.002Z', {});
    const conflict = record('2026-12-05T10:00:00.003Z', { outcome: 'already-answered', status: 409 });
    const stranger = record('2026-12-05T10:00:00.001Z', {
      outcome: 'not-owner',
      status: 403,
      toolCallId: undefined,
      resource: undefined,
      user: undefined,
      answer: undefined,
      sensitive: true,
    });
    // Written from two connections, out of order.
    await stores[1]!.record(conflict);
    await stores[0]!.record(accepted);
    await stores[1]!.record(stranger);
    await stores[0]!.record({ ...accepted, runId: `${prefix}-run-other` });
    expect(await stores[0]!.history(run)).toEqual([stranger, accepted, conflict]);
    expect(await stores[1]!.history(`${prefix}-run-none`)).toEqual([]);
  });
}

/** What `legacyTableTest` needs: a database of its own, empty, and stores opened on it. */
export interface LegacyDatabase {
  execute(sql: string): Promise<void>;
  open(): SqlClaimStore;
}

/**
 * A claims table created before claims had leases (no `holder`, no `held_until`), with a claim in
 * it: the stores add the columns and keep what the table held.
 */
export function legacyTableTest(legacyDatabase: () => Promise<LegacyDatabase>) {
  it('adds the lease columns to a table created before them, and keeps its claims', async () => {
    const db = await legacyDatabase();
    await db.execute(`CREATE TABLE ${CLAIMS_TABLE} (
      run_id TEXT NOT NULL,
      tool_call_id TEXT NOT NULL,
      suspension TEXT,
      claimed_at TEXT NOT NULL,
      PRIMARY KEY (run_id, tool_call_id)
    )`);
    const now = new Date().toISOString();
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await db.execute(`INSERT INTO ${CLAIMS_TABLE} (run_id, tool_call_id, suspension, claimed_at)
      VALUES ('run-1', 'call_1', '100', '${now}'), ('run-1', 'call_2', '100', '${hourAgo}')`);

    // Two instances upgrading at once.
    const stores = [db.open(), db.open()];
    await Promise.all(stores.map((store) => store.init()));
    expect(await stores[0]!.find('run-1', 'call_1')).toEqual({ holder: undefined, heldUntil: undefined });
    const lease = (holder: string): Lease => ({ holder, ms: 60_000 });
    // An older claim holds for one lease from when it was made, and is taken after that.
    expect(await stores[0]!.claim('run-1', 'call_1', '100', lease('a'))).toBe(false);
    expect(await stores[1]!.claim('run-1', 'call_2', '100', lease('b'))).toBe(true);
    expect(await stores[0]!.find('run-1', 'call_2')).toEqual({ holder: 'b', heldUntil: expect.any(Number) });
    // The upgraded table takes new claims, and a later suspension of an old one.
    expect(await stores[0]!.claim('run-2', 'call_1', '100', lease('c'))).toBe(true);
    expect(await stores[1]!.claim('run-1', 'call_1', '200', lease('d'))).toBe(true);
    // Opening it again changes nothing.
    const reopened = db.open();
    await reopened.init();
    expect(await reopened.claim('run-2', 'call_1', '100', lease('e'))).toBe(false);
  });
}
