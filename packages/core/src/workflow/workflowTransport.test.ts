import { answerGuard, libsqlClaimStore } from '@ask-user-kit/server';
import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { expenseWorkflow, nestedWorkflow, parallelWorkflow } from '@ask-user-kit/testing/demo';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunObserver, createRunStore, RequestError, type RunStore } from '../index.ts';
import { approvals, forms } from '../itemsEntry.ts';
import { createWorkflowTransport, startWorkflow } from './index.ts';

// Waiting for a real server on a shared machine: generous.
const serverWait = { timeout: 20_000 };
const claim = { employee: 'Ana', amount: 120, description: 'Team dinner' };
const workflows = () => ({
  expense: expenseWorkflow(),
  'parallel-questions': parallelWorkflow(),
  'nested-question': nestedWorkflow(),
});

let dir: string;
let server: MastraTestServer;
let claims: ReturnType<typeof libsqlClaimStore>;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ask-user-kit-workflow-'));
  claims = libsqlClaimStore({ url: `file:${path.join(dir, 'claims.db')}` });
  server = await startMastraTestServer({
    agents: {},
    workflows: workflows(),
    storage: `file:${path.join(dir, 'mastra.db')}`,
    middleware: [answerGuard({ claims })],
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  claims?.close();
  await rm(dir, { recursive: true, force: true });
});

let runs = 0;
const newRunId = () => `expense-run-${(runs += 1)}-${Date.now()}`;

function storeFor(workflowId: string, threadId: string, baseUrl = server.url): RunStore {
  const transport = createWorkflowTransport({ baseUrl, workflowId });
  return createRunStore({ transport, threadId, resourceId: 'u-1', items: [approvals, forms] });
}

describe('a workflow through the run store', () => {
  it(
    'shows the manager step as an approval, the cost centre as a form, and ends with the summary',
    serverWait,
    async () => {
      const runId = newRunId();
      const store = storeFor('expense', runId);
      await startWorkflow(store, claim);
      let snapshot = store.getSnapshot();
      expect(snapshot.status).toBe('awaiting-input');
      expect(snapshot.runId).toBe(runId);
      expect(snapshot.transcript).toEqual([]);
      const [approval] = snapshot.openItems;
      expect(approval).toMatchObject({ kind: 'approval', toolName: 'manager-approval', args: claim });

      await store.submit(approval!.key, { type: 'approve' });
      snapshot = store.getSnapshot();
      const [form] = snapshot.openItems;
      expect(form).toMatchObject({
        kind: 'form',
        toolName: 'cost-centre',
        payload: { message: expect.stringContaining('Team dinner') },
      });
      expect(form?.kind === 'form' && form.form.fields.map((field) => field.name)).toEqual([
        'costCentre',
        'note',
      ]);

      // Refused in the client: nothing sent, the step still waits.
      await expect(store.submit(form!.key, { costCentre: 'Nope' })).rejects.toMatchObject({
        code: 'invalid-answer',
      });
      await store.submit(form!.key, { costCentre: 'Sales' });
      expect(store.getSnapshot().status).toBe('done');
      const transport = createWorkflowTransport({ baseUrl: server.url, workflowId: 'expense' });
      expect(await transport.getRun(runId)).toMatchObject({
        status: 'success',
        result: { summary: 'Approved: 120 EUR for Team dinner by Ana, charged to Sales.' },
      });
    },
  );

  it(
    'declines with a reason, and the workflow ends without asking for a cost centre',
    serverWait,
    async () => {
      const runId = newRunId();
      const store = storeFor('expense', runId);
      await startWorkflow(store, claim);
      await store.submit(store.getSnapshot().openItems[0]!.key, { type: 'decline', reason: 'Over budget' });
      expect(store.getSnapshot()).toMatchObject({ status: 'done', openItems: [] });
      const transport = createWorkflowTransport({ baseUrl: server.url, workflowId: 'expense' });
      expect((await transport.getRun(runId))?.result).toEqual({
        summary: 'Declined: 120 EUR for Team dinner by Ana (Over budget).',
      });
    },
  );

  it(
    'shows parallel branches suspended at once as one prompt each, answered in any order',
    serverWait,
    async () => {
      const store = storeFor('parallel-questions', newRunId());
      await startWorkflow(store, {});
      const prompts = store.getSnapshot().openPrompts;
      expect(prompts.map((prompt) => prompt.kind === 'single' && prompt.question)).toEqual([
        'Pick a colour',
        'Pick a size',
      ]);
      await store.submit(prompts[1]!.key, 'L');
      expect(store.getSnapshot().openPrompts.map((prompt) => prompt.key)).toEqual([prompts[0]!.key]);
      expect(store.getSnapshot().status).toBe('awaiting-input');
      await store.submit(prompts[0]!.key, 'Red');
      expect(store.getSnapshot()).toMatchObject({ status: 'done', openPrompts: [] });
    },
  );

  it(
    "asks a nested workflow's question once, as its inner step, and resumes it by its path",
    serverWait,
    async () => {
      const runId = newRunId();
      const store = storeFor('nested-question', runId);
      await startWorkflow(store, {});
      const [prompt] = store.getSnapshot().openPrompts;
      expect(store.getSnapshot().openPrompts).toHaveLength(1);
      expect(prompt).toMatchObject({
        kind: 'single',
        question: 'Pick a city',
        toolCallId: 'trip-details.pick-city',
      });
      const transport = createWorkflowTransport({ baseUrl: server.url, workflowId: 'nested-question' });
      const listed = await transport.listSuspended({ threadId: runId });
      expect(listed.runs.flatMap((run) => run.toolCalls.map((call) => call.toolCallId))).toEqual([
        'trip-details.pick-city',
      ]);
      await store.submit(prompt!.key, 'Porto');
      expect(store.getSnapshot()).toMatchObject({ status: 'done', openPrompts: [] });
    },
  );

  it(
    'lets one of two answers at once through: the other is answered elsewhere (409)',
    serverWait,
    async () => {
      const runId = newRunId();
      const first = storeFor('expense', runId);
      await startWorkflow(first, claim);
      const second = storeFor('expense', runId);
      second.restore(
        (
          await createWorkflowTransport({ baseUrl: server.url, workflowId: 'expense' }).listSuspended({
            threadId: runId,
          })
        ).runs,
      );
      const key = first.getSnapshot().openItems[0]!.key;
      expect(second.getSnapshot().openItems[0]?.key).toBe(key);

      const results = await Promise.allSettled([
        first.submit(key, { type: 'approve' }),
        second.submit(key, { type: 'approve' }),
      ]);
      const refused = results.filter((result) => result.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(RequestError);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'answered-elsewhere' });
      const states = [first, second].map((store) => store.getSnapshot().items[0]?.state).sort();
      expect(states).toEqual(['answered', 'answered-elsewhere']);
    },
  );

  it(
    'brings a waiting form back after a server restart, from the run id alone',
    { timeout: 60_000 },
    async () => {
      const runId = newRunId();
      const store = storeFor('expense', runId);
      await startWorkflow(store, claim);
      await store.submit(store.getSnapshot().openItems[0]!.key, { type: 'approve' });

      const storage = `file:${path.join(dir, 'restart.db')}`;
      // A second server on its own file, to restart without touching the others' runs.
      let restarted = await startMastraTestServer({ agents: {}, workflows: workflows(), storage });
      const runIdThere = newRunId();
      await startWorkflow(storeFor('expense', runIdThere, restarted.url), claim);
      await restarted.close();
      restarted = await startMastraTestServer({ agents: {}, workflows: workflows(), storage });
      try {
        const observer = createRunObserver({
          transport: createWorkflowTransport({ baseUrl: restarted.url, workflowId: 'expense' }),
          threadId: runIdThere,
          resourceId: 'u-1',
          items: [approvals, forms],
        });
        const leave = observer.subscribe(() => {});
        await expect.poll(() => observer.getSnapshot().restoring, serverWait).toBe(false);
        const [approval] = observer.getSnapshot().openItems;
        expect(approval).toMatchObject({ kind: 'approval', toolName: 'manager-approval', args: claim });
        await observer.submit(approval!.key, { type: 'approve' });
        const [form] = observer.getSnapshot().openItems;
        expect(form).toMatchObject({ kind: 'form', toolName: 'cost-centre' });
        await observer.submit(form!.key, { costCentre: 'Operations' });
        expect(observer.getSnapshot().status).toBe('done');
        leave();
      } finally {
        await restarted.close();
      }
    },
  );
});
