import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import { chatRoute } from '@mastra/ai-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import {
  chatHistoryRoute,
  MISSING_THREAD_MESSAGE,
  NO_MEMORY_MESSAGE,
  NO_SIGNED_IN_RESOURCE_MESSAGE,
  OTHER_RESOURCE_MESSAGE,
  UNKNOWN_AGENT_MESSAGE,
} from './chatHistoryRoute.ts';
import { alice, bob, headersAs, postAs, twoUsersAuth } from './test/twoUsers.ts';

interface Part {
  type: string;
  toolCallId?: string;
  state?: string;
  input?: unknown;
  output?: unknown;
  data?: { runId: string; toolCallId: string; toolName: string; suspendPayload: { question: string } };
}
interface Message {
  id: string;
  role: string;
  parts: Part[];
}

const memory = { thread: 'trip-1', resource: 'traveller-1' };
const firstMessage = { id: 'user-1', role: 'user', parts: [{ type: 'text', text: 'Plan a trip for me' }] };

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The `data-tool-call-suspended` parts a chatRoute stream sent, read to its end. */
async function suspensions(res: Response): Promise<NonNullable<Part['data']>[]> {
  expect(res.status, await res.clone().text()).toBe(200);
  const frames = (await res.text()).split('\n\n').filter((frame) => frame.startsWith('data: {'));
  return frames
    .map((frame) => JSON.parse(frame.slice('data: '.length)) as Part)
    .filter((chunk) => chunk.type === 'data-tool-call-suspended')
    .map((chunk) => chunk.data!);
}

const history = (server: MastraTestServer, query: string, agentId = 'planner') =>
  fetch(`${server.url}/chat/${agentId}/history?${query}`);

const ask = (messages: readonly Message[]) =>
  messages.flatMap((message) => message.parts.filter((part) => part.type === 'data-tool-call-suspended'));

describe('chatHistoryRoute', { timeout: 120_000 }, () => {
  let server: MastraTestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const start = async (withMemory = true) => {
    server = await startMastraTestServer({
      agents: { planner: askUserAgent('planner', tripPlannerScript) },
      memory: withMemory,
      apiRoutes: [chatHistoryRoute(), chatRoute({ path: '/chat/:agentId' })],
    });
    return server;
  };

  it('gives back the waiting question as chatRoute sent it, and the answered one with its output', async () => {
    const server = await start();
    const chat = `${server.url}/chat/planner`;
    const [where] = await suspensions(await post(chat, { messages: [firstMessage], memory }));
    const [how] = await suspensions(
      await post(chat, { messages: [firstMessage], memory, resumeData: 'Lisbon', ...where }),
    );

    const res = await history(server, new URLSearchParams(memory).toString());
    expect(res.status).toBe(200);
    const { messages } = (await res.json()) as { messages: Message[] };
    expect(messages[0]).toMatchObject({ id: 'user-1', role: 'user', parts: [{ type: 'text' }] });

    const waiting = ask(messages);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.data).toMatchObject({
      runId: how!.runId,
      toolCallId: how!.toolCallId,
      toolName: 'ask_user',
      suspendPayload: { question: how!.suspendPayload.question },
    });

    const toolParts = messages.flatMap((message) =>
      message.parts.filter((part) => part.type === 'tool-ask_user'),
    );
    expect(toolParts).toEqual([
      expect.objectContaining({
        toolCallId: where!.toolCallId,
        state: 'output-available',
        input: where!.suspendPayload,
        output: expect.objectContaining({ content: 'User answered: Lisbon' }),
      }),
      expect.objectContaining({ toolCallId: how!.toolCallId, state: 'input-available' }),
    ]);
  });

  it('answers an empty conversation for a thread not begun yet', async () => {
    const server = await start();
    const res = await history(server, 'thread=never-used&resource=traveller-1');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ messages: [] });
  });

  it('refuses a request without thread or resource with 400', async () => {
    const server = await start();
    for (const query of ['', 'thread=trip-1', 'resource=traveller-1', 'thread=&resource=traveller-1']) {
      const res = await history(server, query);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({ error: MISSING_THREAD_MESSAGE });
    }
  });

  it("refuses another resource's thread with 403", async () => {
    const server = await start();
    await suspensions(await post(`${server.url}/chat/planner`, { messages: [firstMessage], memory }));
    const res = await history(server, 'thread=trip-1&resource=someone-else');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: OTHER_RESOURCE_MESSAGE });
  });

  it('answers 404 for an unknown agent and 400 for an agent without memory', async () => {
    const withMemory = await start();
    const unknown = await history(withMemory, 'thread=trip-1&resource=traveller-1', 'nobody');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: UNKNOWN_AGENT_MESSAGE });
    await withMemory.close();

    const withoutMemory = await start(false);
    const res = await history(withoutMemory, 'thread=trip-1&resource=traveller-1');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: NO_MEMORY_MESSAGE });
  });

  it('refuses a path that names no agent', () => {
    expect(() => chatHistoryRoute({ path: '/history' })).toThrow(/no :agentId/);
    expect(() => chatHistoryRoute({ path: '/history', agent: 'planner' })).not.toThrow();
  });
});

// With server.auth, the resource is the signed-in user's: a query can narrow it, never widen it.
describe('chatHistoryRoute with server.auth', { timeout: 120_000 }, () => {
  let server: MastraTestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const historyAs = (user: Parameters<typeof headersAs>[0], query: string) =>
    fetch(`${server!.url}/chat/planner/history?${query}`, { headers: headersAs(user) });

  /** Alice's conversation: she answered the first question, the second one waits. */
  const aliceConversation = async () => {
    server = await startMastraTestServer({
      agents: { planner: askUserAgent('planner', tripPlannerScript) },
      memory: true,
      auth: twoUsersAuth,
      apiRoutes: [chatHistoryRoute(), chatRoute({ path: '/chat/:agentId' })],
    });
    const chat = `${server.url}/chat/planner`;
    const aliceMemory = { thread: 'alice-trip', resource: alice.resource };
    const [where] = await suspensions(
      await postAs(alice, chat, { messages: [firstMessage], memory: aliceMemory }),
    );
    const answered = { messages: [firstMessage], memory: aliceMemory, resumeData: 'Lisbon', ...where };
    const [how] = await suspensions(await postAs(alice, chat, answered));
    return { where: where!, how: how! };
  };

  it("refuses another user's thread with 403, whatever resource the query names, and gives nothing of it", async () => {
    const { where, how } = await aliceConversation();
    for (const query of [
      `thread=alice-trip&resource=${alice.resource}`,
      'thread=alice-trip',
      `thread=alice-trip&resource=${bob.resource}`,
    ]) {
      const res = await historyAs(bob, query);
      const text = await res.text();
      expect(res.status, query).toBe(403);
      expect(JSON.parse(text), query).toEqual({ error: OTHER_RESOURCE_MESSAGE });
      for (const secret of ['Lisbon', where.toolCallId, how.toolCallId, how.suspendPayload.question])
        expect(text, query).not.toContain(secret);
    }

    // Alice reads her own, with or without naming her resource.
    for (const query of ['thread=alice-trip', `thread=alice-trip&resource=${alice.resource}`]) {
      const res = await historyAs(alice, query);
      expect(res.status, query).toBe(200);
      const { messages } = (await res.json()) as { messages: Message[] };
      expect(JSON.stringify(messages)).toContain('User answered: Lisbon');
      expect(ask(messages).map((part) => part.data!.toolCallId)).toEqual([how.toolCallId]);
    }
  });

  it('answers 401 without a token or with a bad one, and gives nothing', async () => {
    await aliceConversation();
    for (const user of [undefined, 'not-a-token']) {
      const res = await historyAs(user, `thread=alice-trip&resource=${alice.resource}`);
      const text = await res.text();
      expect(res.status, String(user)).toBe(401);
      expect(text).not.toContain('Lisbon');
    }
  });

  it('refuses with 403 when auth derives no resource (no mapUserToResourceId)', async () => {
    server = await startMastraTestServer({
      agents: { planner: askUserAgent('planner', tripPlannerScript) },
      memory: true,
      auth: { authenticateToken: twoUsersAuth.authenticateToken },
      apiRoutes: [chatHistoryRoute(), chatRoute({ path: '/chat/:agentId' })],
    });
    const res = await historyAs(bob, `thread=alice-trip&resource=${alice.resource}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: NO_SIGNED_IN_RESOURCE_MESSAGE });
  });
});
