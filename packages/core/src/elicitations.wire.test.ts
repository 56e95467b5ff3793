import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFetchTransport, createRunStore, listSuspendedRuns } from '@ask-user-kit/core';
import { elicitations } from '@ask-user-kit/core/items';
import type { RunStore } from '@ask-user-kit/core';
import type { ElicitationItem } from './types.ts';
import {
  startMastraTestServer,
  type MastraTestServer,
  type MastraTestServerOptions,
} from '@ask-user-kit/testing';
import { bookingAgent, bookingMcpServer, DEPOSIT_URL, serveMcp } from '@ask-user-kit/testing/demo';
import { MCPClient } from '@mastra/mcp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerGuard, libsqlClaimStore } from '@ask-user-kit/server';
import { relayElicitations } from '@ask-user-kit/server/mcp';

// A real MCP server (`@mastra/mcp`'s MCPServer over Streamable HTTP) whose tools elicit, called
// through MCPClient by an agent on a real Mastra server; the page's side is core's store.

let mcp: Awaited<ReturnType<typeof serveMcp>>;
const clients: MCPClient[] = [];
let server: MastraTestServer;
const resumes: string[] = [];

/** A Mastra server whose agent calls the MCP server through an MCPClient of its own. */
function startServer(
  storage?: string,
  middleware?: MastraTestServerOptions['middleware'],
): Promise<MastraTestServer> {
  const relay = relayElicitations();
  const client = new MCPClient({
    id: `relay-test-${clients.length}`,
    servers: {
      bookings: {
        url: mcp.url,
        inputRequests: relay.inputRequests,
        capabilities: { elicitation: { form: {}, url: {} } },
      },
    },
  });
  clients.push(client);
  const agent = bookingAgent(async () => relay.tools(await client.listTools()));
  return startMastraTestServer({ agents: { booking: agent }, storage, middleware });
}

beforeAll(async () => {
  mcp = await serveMcp(bookingMcpServer());
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
  await Promise.all(clients.map((client) => client.disconnect()));
  await mcp?.close();
});

const transportTo = (at: MastraTestServer) =>
  createFetchTransport({
    baseUrl: at.url,
    agentId: 'booking',
    fetch: (input, init) => {
      if (String(input).endsWith('/resume-stream')) resumes.push(String(init?.body));
      return fetch(input, init);
    },
  });

let conversation = 0;
async function ask(text: string, at = server): Promise<{ store: RunStore; item: ElicitationItem }> {
  const transport = transportTo(at);
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

describe('after a restart of the Mastra server', () => {
  it('comes back from the suspended-runs list, and the answer reaches the MCP server', async () => {
    const storage = `file:${join(mkdtempSync(join(tmpdir(), 'elicit-')), 'mastra.db')}`;
    const before = await startServer(storage);
    const { item } = await ask('A table, please.', before);
    await before.close();
    const after = await startServer(storage);
    try {
      const transport = transportTo(after);
      const store = createRunStore({ transport, resourceId: `guest-${conversation}`, items: [elicitations] });
      store.restore((await listSuspendedRuns(transport, { resourceId: `guest-${conversation}` })).runs);
      const [restored] = store.getSnapshot().openItems;
      expect(restored).toEqual(item);
      const content = { name: 'Grace', email: 'grace@example.com', date: '2027-01-02', guests: '2' };
      await store.submit(item.key, { action: 'accept', content });
      expect(lastReply(store)?.text).toBe(
        'The bookings server says: Booked Chez Nous for 2 on 2027-01-02 (Grace).',
      );
    } finally {
      await after.close();
    }
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

describe('two tabs answering one elicitation at once, behind answerGuard', () => {
  it('lets one answer through (200) to the MCP server; the other is answered elsewhere (409)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'elicit-tabs-'));
    const claims = libsqlClaimStore({ url: `file:${join(dir, 'claims.db')}` });
    const guarded = await startServer(undefined, [answerGuard({ claims })]);
    try {
      const statuses: number[] = [];
      const transport = createFetchTransport({
        baseUrl: guarded.url,
        agentId: 'booking',
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          if (String(input).endsWith('/resume-stream')) statuses.push(response.status);
          return response;
        },
      });
      const resourceId = `guest-${++conversation}`;
      const tab = () => createRunStore({ transport, resourceId, items: [elicitations] });
      const first = tab();
      await first.send('A table, please.');
      const second = tab();
      second.restore((await listSuspendedRuns(transport, { resourceId })).runs);
      const key = first.getSnapshot().openItems[0]!.key;
      expect(second.getSnapshot().openItems[0]?.key).toBe(key);

      const answer = (name: string) => ({
        action: 'accept',
        content: { name, email: 'guest@example.com', date: '2026-12-24', guests: '3' },
      });
      const results = await Promise.allSettled([
        first.submit(key, answer('Ada')),
        second.submit(key, answer('Grace')),
      ]);
      expect(statuses.sort()).toEqual([200, 409]);
      const refused = results.filter((result) => result.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'answered-elsewhere' });
      const tabs = [first, second];
      const states = tabs.map((store) => store.getSnapshot().items[0]?.state);
      expect([...states].sort()).toEqual(['answered', 'answered-elsewhere']);
      // The answer the MCP server got is the taken one's.
      const taken = states.indexOf('answered');
      expect(lastReply(tabs[taken]!)?.text).toBe(
        `The bookings server says: Booked Chez Nous for 3 on 2026-12-24 (${taken === 0 ? 'Ada' : 'Grace'}).`,
      );
    } finally {
      await guarded.close();
      claims.close();
    }
  });
});
