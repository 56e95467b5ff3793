import path from 'node:path';
import { startMastraTestServer } from '@ask-user-kit/testing';
import { expenseWorkflow } from '@ask-user-kit/testing/demo';
import { describe, expect, it } from 'vitest';
import { answerGuard } from './answerGuard.ts';
import { GUARDED_WORKFLOW_ROUTES } from './guardedPaths.ts';
import { libsqlClaimStore } from './libsqlClaimStore.ts';
import { NOT_OWNER_CODE, NOT_OWNER_MESSAGE, UNAUTHENTICATED_MESSAGE } from './ownership.ts';
import { serverFixture } from './test/serverFixture.ts';
import { alice, bob, postAs, twoUsersAuth, type TestUser } from './test/twoUsers.ts';

const fixture = serverFixture('workflow-ownership');
const { servers, stores } = fixture;

/** A real Mastra server with two users (server.auth), the guard, and the expense workflow. */
async function startServer() {
  const storage = `file:${path.join(fixture.dir, `mastra-${servers.length}.db`)}`;
  const claims = libsqlClaimStore({ url: storage });
  stores.push(claims);
  // Every claim the guard takes, whoever took it: a refused answer must take none, not even for a moment.
  const claimed: string[] = [];
  const claim = claims.claim.bind(claims);
  claims.claim = async (runId, toolCallId, suspension, lease) => {
    claimed.push(`${runId}/${toolCallId}`);
    return claim(runId, toolCallId, suspension, lease);
  };
  const server = await startMastraTestServer({
    agents: {},
    workflows: { expense: expenseWorkflow() },
    storage,
    auth: twoUsersAuth,
    middleware: [answerGuard({ claims })],
  });
  servers.push(server);
  const url = (route: string, runId: string) =>
    `${server.url}/api/workflows/expense/${route}?runId=${encodeURIComponent(runId)}`;
  return { claims, claimed, url };
}

const strangers: [string, TestUser | string | undefined, 401 | 403][] = [
  ['another user', bob, 403],
  ['no token', undefined, 401],
  ['a bad token', 'not-a-token', 401],
];

describe('ownership of workflow runs with server.auth', { timeout: 60_000 }, () => {
  it('refuses another user’s resume on every workflow route before claiming, then takes the owner’s', async () => {
    const { claims, claimed, url } = await startServer();
    const runId = 'alice-expense-run';
    expect((await postAs(alice, url('create-run', runId), {})).status).toBe(200);
    const inputData = { employee: 'Alice', amount: 120, description: 'Train to Porto' };
    const started = await postAs(alice, url('start-async', runId), { inputData });
    expect(await started.json()).toMatchObject({ status: 'suspended' });

    const answer = { step: 'manager-approval', resumeData: { approved: true } };
    for (const route of GUARDED_WORKFLOW_ROUTES) {
      for (const [who, caller, status] of strangers) {
        const res = await postAs(caller, url(route, runId), answer);
        const text = await res.text();
        expect({ route, who, status: res.status }).toEqual({ route, who, status });
        expect(JSON.parse(text)).toEqual(
          status === 403
            ? { error: NOT_OWNER_MESSAGE, code: NOT_OWNER_CODE }
            : { error: UNAUTHENTICATED_MESSAGE },
        );
        expect(text).not.toContain('Train to Porto');
      }
    }
    expect(claimed).toEqual([]);
    expect(await claims.find(runId, 'manager-approval')).toBeUndefined();
    const history = await claims.history(runId);
    expect(history.map((entry) => entry.outcome)).toEqual(
      GUARDED_WORKFLOW_ROUTES.flatMap(() => ['not-owner', 'unauthenticated', 'unauthenticated']),
    );

    const accepted = await postAs(alice, url('resume-async', runId), answer);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ status: 'suspended', suspended: [['cost-centre']] });
    expect(claimed).toEqual([`${runId}/manager-approval`]);
  });
});
