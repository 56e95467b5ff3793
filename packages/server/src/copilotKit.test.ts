import { HttpAgent, type BaseEvent } from '@ag-ui/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import { copilotKitRoute } from './copilotKit.ts';

// CopilotKit's real runtime, mounted by copilotKitRoute on a real Mastra, spoken to over HTTP by
// AG-UI's own client, as a CopilotKit page's agent speaks to it.

let server: MastraTestServer;
// Every request that leaves 127.0.0.1 (CopilotKit's telemetry would): refused, and named here.
const outside: string[] = [];
beforeAll(async () => {
  const fetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname === '127.0.0.1') return fetch(input, init);
    outside.push(url.href);
    return Promise.reject(new Error(`no network service in tests: ${url.href}`));
  });
  server = await startMastraTestServer({
    agents: { planner: askUserAgent('planner', tripPlannerScript) },
    memory: true,
    apiRoutes: [copilotKitRoute()],
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server.close();
});

interface Interrupt {
  id: string;
  metadata: { mastra: { suspendPayload: { question: string } } };
}

/** An AG-UI agent on the runtime's run route for the planner, recording what it receives. */
function plannerAgent(threadId: string) {
  const agent = new HttpAgent({ url: `${server.url}/copilotkit/agent/planner/run`, threadId });
  const events: BaseEvent[] = [];
  agent.subscribe({ onEvent: ({ event }) => void events.push(event) });
  const interrupts = () =>
    events.flatMap((event) => {
      const outcome = (event as { outcome?: { type: string; interrupts: Interrupt[] } }).outcome;
      return event.type === 'RUN_FINISHED' && outcome?.type === 'interrupt' ? outcome.interrupts : [];
    });
  return { agent, events, interrupts };
}

describe('copilotKitRoute', () => {
  it('answers with the runtime info, naming the Mastra agents', async () => {
    const response = await fetch(`${server.url}/copilotkit/info`);
    expect(response.status).toBe(200);
    const info = (await response.json()) as { agents: Record<string, unknown>; telemetryDisabled: boolean };
    expect(Object.keys(info.agents)).toEqual(['planner']);
    expect(info.telemetryDisabled).toBe(true);
  });

  it('runs the planner to a question, and a resume of it to the next; Mastra lists the run under the thread', async () => {
    const threadId = `thread-${Math.random()}`;
    const { agent, interrupts } = plannerAgent(threadId);
    agent.addMessage({ id: 'message-1', role: 'user', content: 'Plan a trip' });
    await agent.runAgent();
    const [asked] = interrupts();
    expect(asked!.metadata.mastra.suspendPayload.question).toBe('Where would you like to go?');

    await agent.runAgent({ resume: [{ interruptId: asked!.id, status: 'resolved', payload: 'Lisbon' }] });
    expect(interrupts().map((interrupt) => interrupt.metadata.mastra.suspendPayload.question)).toEqual([
      'Where would you like to go?',
      'How will you travel?',
    ]);

    // No resourceId given to the MastraAgent: the thread is its own resource.
    const listed = await fetch(
      `${server.url}/api/agents/planner/suspended-runs?resourceId=${encodeURIComponent(threadId)}`,
    );
    const { runs } = (await listed.json()) as { runs: { threadId: string; toolCalls: unknown[] }[] };
    expect(runs).toMatchObject([{ threadId, toolCalls: [{ toolName: 'ask_user' }] }]);
    // CopilotKit's telemetry is off: nothing was sent anywhere else.
    expect(outside).toEqual([]);
  });
});
