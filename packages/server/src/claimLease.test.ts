import { afterEach, describe, expect, it } from 'vitest';
import { holdClaim, renewEvery } from './claimLease.ts';
import { libsqlClaimStore, type LibsqlClaimStore } from './libsqlClaimStore.ts';

// The renewal of a claim held while an answer is in flight, on a real LibSQL claim store.

const stores: LibsqlClaimStore[] = [];
afterEach(() => stores.splice(0).forEach((store) => store.close()));

const lease = { holder: 'holder-1', ms: 400 };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function claimed() {
  const claims = libsqlClaimStore({ url: ':memory:' });
  stores.push(claims);
  expect(await claims.claim('run-1', 'call-1', 'at-1', lease)).toBe(true);
  return claims;
}

describe('holdClaim', () => {
  it('renews the lease while the answer is in flight', async () => {
    const claims = await claimed();
    const before = (await claims.find('run-1', 'call-1'))?.heldUntil;
    const held = holdClaim(claims, 'run-1', 'call-1', lease, undefined, {
      signal: new AbortController().signal,
    });
    await wait(renewEvery(lease.ms) * 3);
    const after = (await claims.find('run-1', 'call-1'))?.heldUntil;
    await held.release();
    expect(after).toBeGreaterThan(before!);
  });

  it('stops renewing once the client went away, so that a retry can take the claim over when the lease ends', async () => {
    const claims = await claimed();
    const client = new AbortController();
    const held = holdClaim(claims, 'run-1', 'call-1', lease, undefined, { signal: client.signal });
    client.abort();
    const atAbort = (await claims.find('run-1', 'call-1'))?.heldUntil;
    await wait(renewEvery(lease.ms) * 3);
    expect((await claims.find('run-1', 'call-1'))?.heldUntil).toBe(atAbort);
    await wait(lease.ms);
    // Another answer to the same, still open question takes it over.
    expect(await claims.claim('run-1', 'call-1', 'at-1', { holder: 'holder-2', ms: lease.ms })).toBe(true);
    await held.release();
  });

  it('stops renewing when Mastra has not started answering within startTimeoutMs, and goes on once it has', async () => {
    const claims = await claimed();
    const stuck = holdClaim(claims, 'run-1', 'call-1', lease, undefined, { startTimeoutMs: 150 });
    await wait(200);
    const atTimeout = (await claims.find('run-1', 'call-1'))?.heldUntil;
    await wait(renewEvery(lease.ms) * 3);
    expect((await claims.find('run-1', 'call-1'))?.heldUntil).toBe(atTimeout);
    await stuck.release();

    expect(await claims.claim('run-1', 'call-2', 'at-1', lease)).toBe(true);
    const answered = holdClaim(claims, 'run-1', 'call-2', lease, undefined, { startTimeoutMs: 150 });
    // The response starts in time: its body streams on past the start timeout, the claim renewed.
    const body = new ReadableStream({ start: () => {} });
    answered.holdUntilSent(new Response(body));
    const before = (await claims.find('run-1', 'call-2'))?.heldUntil;
    await wait(400);
    expect((await claims.find('run-1', 'call-2'))?.heldUntil).toBeGreaterThan(before!);
    await answered.release();
  });
});
