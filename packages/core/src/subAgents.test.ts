import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { supervisorAgent } from '@ask-user-kit/testing/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunStore } from './createRunStore.ts';
import { approvals, forms } from './itemKinds.ts';
import { listSuspendedRuns } from './listSuspendedRuns.ts';
import { createFetchTransport } from './transports/fetchTransport.ts';

let server: MastraTestServer;
let resources = 0;
beforeAll(async () => {
  server = await startMastraTestServer({ agents: { supervisor: supervisorAgent() } });
});
afterAll(() => server?.close());

const items = [approvals, forms];

describe("a supervisor's sub-agents", () => {
  it("ask through the supervisor's run: each entry names the sub-agent, and is answered through the supervisor's routes", async () => {
    const requests: string[] = [];
    const transport = createFetchTransport({
      baseUrl: server.url,
      agentId: 'supervisor',
      fetch: (input, init) => {
        requests.push(String(input).replace(/^.*\/api/, ''));
        return fetch(input, init);
      },
    });
    const resourceId = `supervisor-${++resources}`;
    const store = createRunStore({ transport, resourceId, items });
    await store.send('Ship the site.');
    const [question] = store.getSnapshot().openPrompts;
    expect(question).toMatchObject({
      kind: 'single',
      question: 'Which colour should the site be?',
      toolName: 'agent-designer',
      agent: 'designer',
    });

    const reloaded = createRunStore({ transport, resourceId, items });
    reloaded.restore((await listSuspendedRuns(transport, { resourceId })).runs);
    expect(reloaded.getSnapshot().openPrompts).toMatchObject([{ key: question!.key, agent: 'designer' }]);

    await store.submit(question!.key, 'Teal');
    const [approval] = store.getSnapshot().openItems;
    // The approval names the sub-agent's tool; the call it suspends is the supervisor's.
    expect(approval).toMatchObject({
      kind: 'approval',
      toolName: 'deploy',
      agent: 'ops',
      args: { target: 'production' },
    });
    await store.submit(approval!.key, { type: 'approve' });
    const done = store.getSnapshot();
    expect(done.status).toBe('done');
    expect(done.text).toContain('Colour: Teal.');
    expect(done.text).toContain('production');
    expect(requests.filter((path) => !path.includes('suspended-runs'))).toEqual([
      '/agents/supervisor/stream',
      '/agents/supervisor/resume-stream',
      '/agents/supervisor/approve-tool-call',
    ]);
  });

  it("a sub-agent's approval restored after a reload is the supervisor's call, without the sub-agent's name", async () => {
    const transport = createFetchTransport({ baseUrl: server.url, agentId: 'supervisor' });
    const resourceId = `supervisor-${++resources}`;
    const store = createRunStore({ transport, resourceId, items });
    await store.send('Ship the site.');
    await store.submit(store.getSnapshot().openPrompts[0]!.key, 'Amber');
    const reloaded = createRunStore({ transport, resourceId, items });
    reloaded.restore((await listSuspendedRuns(transport, { resourceId })).runs);
    const [approval] = reloaded.getSnapshot().openItems;
    expect(approval).toMatchObject({ kind: 'approval', toolName: 'deploy', args: { target: 'production' } });
    expect(approval!.agent).toBeUndefined();
    await reloaded.submit(approval!.key, { type: 'decline', reason: 'Not today' });
    expect(reloaded.getSnapshot().status).toBe('done');
  });

  it("a sub-agent's question waiting when the server restarts is answered after it, through to the approval", async () => {
    const storage = `file:${join(mkdtempSync(join(tmpdir(), 'supervisor-')), 'mastra.db')}`;
    const resourceId = `supervisor-${++resources}`;
    const before = await startMastraTestServer({ agents: { supervisor: supervisorAgent() }, storage });
    const asked = createRunStore({
      transport: createFetchTransport({ baseUrl: before.url, agentId: 'supervisor' }),
      resourceId,
      items,
    });
    await asked.send('Ship the site.');
    const key = asked.getSnapshot().openPrompts[0]!.key;
    await before.close();

    const after = await startMastraTestServer({ agents: { supervisor: supervisorAgent() }, storage });
    try {
      const transport = createFetchTransport({ baseUrl: after.url, agentId: 'supervisor' });
      const store = createRunStore({ transport, resourceId, items });
      store.restore((await listSuspendedRuns(transport, { resourceId })).runs);
      expect(store.getSnapshot().openPrompts).toMatchObject([{ key, agent: 'designer' }]);
      await store.submit(key, 'Amber');
      const [approval] = store.getSnapshot().openItems;
      expect(approval).toMatchObject({ kind: 'approval', toolName: 'deploy', agent: 'ops' });
      await store.submit(approval!.key, { type: 'approve' });
      expect(store.getSnapshot().status).toBe('done');
      expect(store.getSnapshot().text).toContain('Colour: Amber.');
    } finally {
      await after.close();
    }
  });
});
