import { createRunStore } from '@ask-user-kit/core';
import { createFetchTransport } from '@ask-user-kit/core';
import { elicitations } from '@ask-user-kit/core/items';
import type { ElicitationItem, RunStore } from '@ask-user-kit/core';
import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { bookingAgent, bookingMcpServer, DEPOSIT_URL, serveMcp } from '@ask-user-kit/testing/demo';
import { MCPClient } from '@mastra/mcp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayElicitations } from '@ask-user-kit/server/mcp';

// A real MCP server (`@mastra/mcp`'s MCPServer over Streamable HTTP) whose tools elicit, called
// through MCPClient by an agent on a real Mastra server; the page's side is core's store.

let mcp: Awaited<ReturnType<typeof serveMcp>>;
let client: MCPClient;
let server: MastraTestServer;
const resumes: string[] = [];

beforeAll(async () => {
  mcp = await serveMcp(bookingMcpServer());
  const relay = relayElicitations();
  client = new MCPClient({
    id: 'relay-test',
    servers: {
      bookings: {
        url: mcp.url,
        inputRequests: relay.inputRequests,
        capabilities: { elicitation: { form: {}, url: {} } },
      },
    },
  });
  const agent = bookingAgent(async () => relay.tools(await client.listTools()));
  server = await startMastraTestServer({ agents: { booking: agent } });
});
afterAll(async () => {
  await server?.close();
  await client?.disconnect();
  await mcp?.close();
});

let conversation = 0;
async function ask(text: string): Promise<{ store: RunStore; item: ElicitationItem }> {
  const transport = createFetchTransport({
    baseUrl: server.url,
    agentId: 'booking',
    fetch: (input, init) => {
      if (String(input).endsWith('/resume-stream')) resumes.push(String(init?.body));
      return fetch(input, init);
    },
  });
  const store = createRunStore({ transport, resourceId: `guest-${++conversation}`, items: [elicitations] });
  await store.send(text);
  const [item] = store.getSnapshot().openItems;
  expect(item?.kind).toBe('elicitation');
  return { store, item: item as ElicitationItem };
}

const lastReply = (store: RunStore) =>
  store
    .getSnapshot()
    .transcript.filter((entry) => entry.type === 'assistant')
    .at(-1);

describe('an MCP tool that elicits a form, relayed to the page', () => {
  it('shows the server and the form, and resumes the MCP call with the accepted content', async () => {
    const { store, item } = await ask('A table, please.');
    expect(item.server).toBe('bookings');
    expect(item.message).toBe('Booking details for Chez Nous');
    if (item.mode !== 'form') throw new Error('expected a form');
    expect(item.form.fields.map((field) => field.type)).toEqual([
      'string',
      'string',
      'string',
      'integer',
      'boolean',
      'enum',
      'enum',
      'multi-enum',
    ]);
    const content = {
      name: 'Ada',
      email: 'ada@example.com',
      date: '2026-12-24',
      guests: '4',
      seating: 'bar',
      diets: ['vegan'],
    };
    await store.submit(item.key, { action: 'accept', content });
    const entry = store.getSnapshot().items.find((candidate) => candidate.item.key === item.key);
    expect(entry?.state).toBe('answered');
    expect(entry?.answer).toMatchObject({ type: 'accept', data: { guests: 4 } });
    expect(lastReply(store)?.text).toBe(
      'The bookings server says: Booked Chez Nous for 4 on 2026-12-24 (Ada).',
    );
  });

  it('refuses invalid content with no request, then takes a decline', async () => {
    const { store, item } = await ask('A table, please.');
    const before = resumes.length;
    await expect(
      store.submit(item.key, {
        action: 'accept',
        content: { name: 'A', email: 'not an address', date: '2026-02-30', guests: '9' },
      }),
    ).rejects.toMatchObject({ code: 'invalid-answer' });
    expect(resumes).toHaveLength(before);
    await store.submit(item.key, { action: 'decline' });
    expect(JSON.parse(resumes.at(-1)!).resumeData).toEqual({ action: 'decline' });
    expect(store.getSnapshot().items.at(-1)?.answer).toEqual({ type: 'decline' });
    expect(lastReply(store)?.text).toBe(`The bookings server says: Tool 'book_table' was declined`);
  });

  it('takes a cancel', async () => {
    const { store, item } = await ask('A table, please.');
    await store.submit(item.key, { action: 'cancel' });
    expect(JSON.parse(resumes.at(-1)!).resumeData).toEqual({ action: 'cancel' });
    expect(store.getSnapshot().items.at(-1)?.answer).toEqual({ type: 'cancel' });
    expect(lastReply(store)?.text).toBe(`The bookings server says: Tool 'book_table' was cancelled`);
  });
});

describe('an MCP tool that elicits in URL mode', () => {
  it('shows the URL and the server, never a form, and resumes with accept', async () => {
    const { store, item } = await ask('The deposit, please.');
    expect(item).toMatchObject({ server: 'bookings', mode: 'url', url: DEPOSIT_URL });
    expect('form' in item).toBe(false);
    await store.submit(item.key, { action: 'accept' });
    expect(JSON.parse(resumes.at(-1)!).resumeData).toEqual({ action: 'accept' });
    expect(lastReply(store)?.text).toBe(
      'The bookings server says: The payment page for booking B-42 was opened.',
    );
  });
});
