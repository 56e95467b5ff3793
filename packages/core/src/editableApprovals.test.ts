import { answerGuard, editableTool, libsqlClaimStore } from '@ask-user-kit/server';
import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { bookTripTool, budgetSchema, conciergeAgent } from '@ask-user-kit/testing/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRunStore } from './createRunStore.ts';
import { RequestError } from './errors.ts';
import { editableApprovals } from './editableApprovals.ts';
import { approvals, forms } from './itemKinds.ts';
import { listSuspendedRuns } from './listSuspendedRuns.ts';
import { recordingTransport } from './test/recordingTransport.ts';
import type { ApprovalItem } from './types.ts';
import { initialFormDraft } from './validateForm.ts';

const tripJsonSchema = z.toJSONSchema(bookTripTool.inputSchema as z.ZodType);
const items = [
  editableApprovals({ book_trip: tripJsonSchema }),
  forms.withResumeSchemas({ confirm_budget: z.toJSONSchema(budgetSchema) }),
];
let server: MastraTestServer;
let resources = 0;

beforeAll(async () => {
  const claims = libsqlClaimStore({ url: ':memory:' });
  server = await startMastraTestServer({
    agents: { concierge: conciergeAgent('concierge', { book_trip: editableTool(bookTripTool) }) },
    middleware: [answerGuard({ claims })],
  });
});
afterAll(() => server?.close());

async function start() {
  const { transport, requests } = recordingTransport(server.url, 'concierge');
  const resourceId = `edits-${++resources}`;
  const store = createRunStore({ transport, resourceId, items });
  await store.send('Book my trip to Lisbon.');
  const approval = store.getSnapshot().openItems[0] as ApprovalItem;
  return { store, transport, requests, resourceId, approval };
}

const budget = { amount: '200', currency: 'EUR', flexible: false };

describe('approvals with edited arguments', () => {
  it("gives the approval a form of the tool's input, each field starting at the call's value", async () => {
    const { approval } = await start();
    expect(approval.editForm!.fields.map((field) => [field.name, field.type])).toEqual([
      ['destination', 'string'],
      ['nights', 'integer'],
      ['total', 'number'],
    ]);
    expect(initialFormDraft(approval.editForm!)).toEqual({
      destination: 'Lisbon',
      nights: '3',
      total: '840',
    });
  });

  it('sends the edited arguments through resume-stream: the tool runs with them and the model says what changed', async () => {
    const { store, requests, approval } = await start();
    const sent = requests.length;
    const draft = { ...initialFormDraft(approval.editForm!), nights: '4' };
    await store.submit(approval.key, { type: 'approve', editedArgs: draft });
    expect(requests.slice(sent)).toEqual(['/resume-stream']);
    expect(store.getSnapshot().items[0]!.answer).toEqual({
      type: 'approve',
      editedArgs: { destination: 'Lisbon', nights: 4, total: 840 },
    });
    await store.submit(store.getSnapshot().openItems[0]!.key, budget);
    expect(store.getSnapshot().text).toContain('Booked 4 nights in Lisbon (reference LIS-4N');
    expect(store.getSnapshot().text).toContain('You changed nights from 3 to 4.');
  });

  it('refuses edits its form refuses with no request; the approval stays open', async () => {
    const { store, requests, approval } = await start();
    const sent = requests.length;
    for (const nights of ['2.5', '', 'four']) {
      const draft = { ...initialFormDraft(approval.editForm!), nights };
      const refusal = await store
        .submit(approval.key, { type: 'approve', editedArgs: draft })
        .catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(RequestError);
      expect((refusal as RequestError).code).toBe('invalid-answer');
    }
    expect(requests.length).toBe(sent);
    expect(store.getSnapshot().items[0]!.state).toBe('ready');
  });

  it('approves plainly when nothing was changed, as an approval without edits', async () => {
    const { store, requests, approval } = await start();
    const sent = requests.length;
    await store.submit(approval.key, { type: 'approve', editedArgs: initialFormDraft(approval.editForm!) });
    expect(requests.slice(sent)).toEqual(['/approve-tool-call']);
    await store.submit(store.getSnapshot().openItems[0]!.key, budget);
    expect(store.getSnapshot().text).toContain(
      'Booked 3 nights in Lisbon (reference LIS-3N, 840 EUR). I will',
    );
  });

  it('keeps the form after a reload, and refuses edits of a tool it has no input schema of (plain approvals too)', async () => {
    const { transport, resourceId } = await start();
    const restored = createRunStore({ transport, resourceId, items });
    restored.restore((await listSuspendedRuns(transport, { resourceId })).runs);
    const approval = restored.getSnapshot().openItems[0] as ApprovalItem;
    expect(initialFormDraft(approval.editForm!)).toMatchObject({ nights: '3' });

    for (const kind of [approvals, editableApprovals({ other_tool: tripJsonSchema })]) {
      const plain = createRunStore({ transport, resourceId, items: [kind] });
      plain.restore((await listSuspendedRuns(transport, { resourceId })).runs);
      const unknown = plain.getSnapshot().openItems[0] as ApprovalItem;
      expect(unknown.editForm).toBeUndefined();
      const refusal = await plain
        .submit(unknown.key, { type: 'approve', editedArgs: { nights: '4' } })
        .catch((e: unknown) => e);
      expect((refusal as RequestError).code).toBe('invalid-answer');
    }
  });
});
