import { chatRoute } from '@mastra/ai-sdk';
import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, conciergeAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import { afterEach, describe, expect, it } from 'vitest';
import { THREAD_WAITING_CODE, threadGuard, type ThreadWaitingBody } from './threadGuard.ts';

interface Chunk {
  type: string;
  runId?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- chunks off the wire; each test reads the fields it checks
  payload?: any;
}

const servers: MastraTestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** The demo's two agents on one real server, every agent with Memory, behind the guard. */
async function start(): Promise<MastraTestServer> {
  const server = await startMastraTestServer({
    agents: { planner: askUserAgent('planner', tripPlannerScript), concierge: conciergeAgent() },
    memory: true,
    middleware: [threadGuard()],
    apiRoutes: [chatRoute({ path: '/chat/:agentId' })],
  });
  servers.push(server);
  return server;
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const thread = (id: string) => ({ thread: id, resource: 'user-1' });

function stream(server: MastraTestServer, agentId: string, threadId: string, text = 'Plan a trip for me') {
  return post(`${server.url}/api/agents/${agentId}/stream`, {
    messages: [{ role: 'user', content: text }],
    memory: thread(threadId),
  });
}

async function readSse(res: Response): Promise<Chunk[]> {
  expect(res.status, await res.clone().text()).toBe(200);
  const frames = (await res.text()).split('\n\n').filter((frame) => frame.startsWith('data: {'));
  return frames.map((frame) => JSON.parse(frame.slice('data: '.length)) as Chunk);
}

/** The call a stream suspended on (an ask_user question, an approval). */
function suspended(chunks: Chunk[]): { runId: string; toolCallId: string } {
  const found = chunks.find(
    (chunk) => chunk.type === 'tool-call-suspended' || chunk.type === 'tool-call-approval',
  );
  expect(found, `chunk types: ${chunks.map((chunk) => chunk.type).join(', ')}`).toBeDefined();
  return { runId: found!.runId!, toolCallId: found!.payload.toolCallId as string };
}

describe('threadGuard', () => {
  it("refuses another agent's stream on a thread waiting for the planner's question, with the fix", async () => {
    const server = await start();
    const asked = suspended(await readSse(await stream(server, 'planner', 't-shared')));

    const res = await stream(server, 'concierge', 't-shared', 'Book the trip');

    expect(res.status).toBe(409);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as ThreadWaitingBody;
    expect(body).toMatchObject({
      code: THREAD_WAITING_CODE,
      threadId: 't-shared',
      waitingAgentId: 'planner',
      runId: asked.runId,
      toolCallId: asked.toolCallId,
    });
    expect(body.error).toContain('agent "planner"');
    expect(body.error).toContain('new thread');
  });

  it("refuses the planner on a thread waiting for the concierge's approval", async () => {
    const server = await start();
    const asked = suspended(await readSse(await stream(server, 'concierge', 't-approval', 'Book')));

    const res = await stream(server, 'planner', 't-approval');

    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: THREAD_WAITING_CODE,
      waitingAgentId: 'concierge',
      runId: asked.runId,
    });
  });

  it('lets through the asking agent, other threads, and the thread once its question is answered', async () => {
    const server = await start();
    suspended(await readSse(await stream(server, 'planner', 't-1')));
    // The agent that asked may stream on its own thread (Mastra lets it through).
    suspended(await readSse(await stream(server, 'planner', 't-1')));
    // Another thread is free.
    suspended(await readSse(await stream(server, 'concierge', 't-2', 'Book')));

    // The planner's questions answered to the end of its run: the thread is free again.
    let asked = suspended(await readSse(await stream(server, 'planner', 't-3')));
    const answers = ['Lisbon', 'Train', ['Museums']];
    for (const [index, answer] of answers.entries()) {
      const chunks = await readSse(
        await post(`${server.url}/api/agents/planner/resume-stream`, {
          ...asked,
          resumeData: answer,
          memory: thread('t-3'),
        }),
      );
      if (index < answers.length - 1) asked = suspended(chunks);
      else expect(chunks.map((chunk) => chunk.type)).toContain('finish');
    }
    suspended(await readSse(await stream(server, 'concierge', 't-3', 'Book')));
  });

  it("refuses a chatRoute message to another agent on the waiting thread, and lets the chat's answer through", async () => {
    const server = await start();
    const asked = suspended(await readSse(await stream(server, 'planner', 't-chat')));
    const messages = [{ id: 'user-1', role: 'user', parts: [{ type: 'text', text: 'Book' }] }];

    const res = await post(`${server.url}/chat/concierge`, { messages, memory: thread('t-chat') });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: THREAD_WAITING_CODE, waitingAgentId: 'planner' });

    const answered = await post(`${server.url}/chat/planner`, {
      messages,
      ...asked,
      resumeData: 'Lisbon',
      memory: thread('t-chat'),
    });
    expect(answered.status).toBe(200);
    // To its end: the planner goes on to its next question.
    expect(await answered.text()).toContain('data-tool-call-suspended');
  });
});
