import { askUser } from '@ask-user-kit/server';
import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { conciergeAgent } from '@ask-user-kit/testing/demo';
import { createTool } from '@mastra/core/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRunStore } from './createRunStore.ts';
import { approvals, forms } from './itemKinds.ts';
import { listSuspendedRuns } from './listSuspendedRuns.ts';
import { createFetchTransport } from './transports/fetchTransport.ts';
import type { FormItem } from './types.ts';

// As the demo server's: one choice, then a form from a zod schema, asked by a tool of the app's own.
const reserveTable = createTool({
  id: 'reserve_table',
  description: 'Reserves a dinner table.',
  inputSchema: z.object({ destination: z.string() }),
  execute: async ({ destination }, context) => {
    const evening = await askUser(context, {
      question: `Which evening in ${destination}?`,
      options: [{ label: 'Friday' }, { label: 'Saturday' }],
    });
    const party = z.object({ guests: z.int().min(1).max(12), name: z.string().min(1) });
    const { guests, name } = await askUser(context, { question: 'Who is coming?', schema: party });
    return { evening, guests, name };
  },
});

let server: MastraTestServer;
let resources = 0;
beforeAll(async () => {
  server = await startMastraTestServer({
    agents: { concierge: conciergeAgent('concierge', { reserve_table: reserveTable }) },
  });
});
afterAll(() => server?.close());

describe("a custom tool's askUser questions in the kit", () => {
  it('are an ask_user prompt, then a form titled with the question, restored after a reload without its schema given', async () => {
    const transport = createFetchTransport({ baseUrl: server.url, agentId: 'concierge' });
    const resourceId = `reserve-${++resources}`;
    const items = [approvals, forms];
    const store = createRunStore({ transport, resourceId, items });
    await store.send('Reserve a table for dinner.');
    const [prompt] = store.getSnapshot().openPrompts;
    expect(prompt).toMatchObject({
      kind: 'single',
      question: 'Which evening in Lisbon?',
      toolName: 'reserve_table',
    });
    await store.submit(prompt!.key, 'Saturday');
    const [form] = store.getSnapshot().openItems as FormItem[];
    expect(form?.form.title).toBe('Who is coming?');
    expect(form?.form.fields.map((field) => [field.name, field.type, field.required])).toEqual([
      ['guests', 'integer', true],
      ['name', 'string', true],
    ]);

    const reloaded = createRunStore({ transport, resourceId, items });
    reloaded.restore((await listSuspendedRuns(transport, { resourceId })).runs);
    const [restored] = reloaded.getSnapshot().openItems as FormItem[];
    expect(restored).toMatchObject({ kind: 'form', toolName: 'reserve_table' });
    expect(restored!.form.title).toBe('Who is coming?');
    await reloaded.submit(restored!.key, { guests: '4', name: 'Ada' });
    expect(reloaded.getSnapshot().text).toContain(
      'Reserved a table for 4 on Saturday evening in Lisbon, under the name Ada.',
    );
  });
});
