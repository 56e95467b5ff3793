import { HttpAgent } from '@ag-ui/client';
import { getLocalAgent } from '@ag-ui/mastra';
import { createFetchTransport } from '@ask-user-kit/core';
import { answerGuard, guardedTool, libsqlClaimStore } from '@ask-user-kit/server';
import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import { copilotKitRoute } from '@ask-user-kit/server/copilotkit';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AskUserPrompt } from '../../AskUserPrompt.tsx';
import { defaultLabels } from '../../labels.ts';
import { resumeEntries, type MastraInterrupt } from './agUiPrompts.ts';
import type { StackRunOptions } from '../shared/useStackRun.ts';
import { useAskUserAgUi, type AgUiAgentLike } from './useAskUserAgUi.ts';

// @ag-ui/mastra's real MastraAgent (the AG-UI agent CopilotKit's runtime runs) over a real,
// in-process Mastra with the scripted planner; no CopilotKit runtime: the AG-UI agent is driven
// directly, as that runtime would drive it. (In Chromium, Vite cannot pre-bundle @ag-ui/mastra
// 1.1.2: one of its chunks imports a module named "chat" that does not resolve.)

let server: MastraTestServer;
beforeAll(async () => {
  server = await startMastraTestServer({ agents: { trip: askUserAgent('trip', tripPlannerScript) } });
});
afterAll(() => server.close());

type RunParameters = Parameters<AgUiAgentLike['runAgent']>[0];

/** The real agent, with the answer of each resume recorded, and the first `failResumes` refused. */
function watchedAgent(failResumes = 0, thread?: { resourceId: string; threadId: string }) {
  const resourceId = thread?.resourceId ?? `user-${Math.random()}`;
  const agent = getLocalAgent({ mastra: server.mastra as never, agentId: 'trip', resourceId });
  if (thread) agent.threadId = thread.threadId;
  const resumes: unknown[] = [];
  let failures = failResumes;
  // The last interrupt the agent emitted, as @ag-ui/mastra sent it.
  let lastInterrupt: unknown;
  agent.subscribe({
    onCustomEvent: ({ event }) => {
      lastInterrupt = JSON.parse(String(event.value));
    },
  });
  const runAgent = (parameters?: RunParameters) => {
    const [entry] = parameters?.resume ?? [];
    if (entry) {
      resumes.push(entry.payload);
      if (failures > 0) {
        failures -= 1;
        return Promise.reject(new Error('Service Unavailable'));
      }
    }
    return agent.runAgent(parameters as never);
  };
  const watched: AgUiAgentLike = {
    subscribe: (subscriber) => agent.subscribe(subscriber as never),
    runAgent,
  };
  const start = () => {
    agent.addMessage({ id: 'message-1', role: 'user', content: 'Plan a trip' });
    void agent.runAgent();
  };
  return { agent: watched, start, resumes, interrupt: () => lastInterrupt };
}

function Chat({ watched, options }: { watched: ReturnType<typeof watchedAgent>; options?: StackRunOptions }) {
  const [agent] = useState(() => watched.agent);
  const run = useAskUserAgUi(agent, options);
  return (
    <main>
      <button type="button" onClick={watched.start}>
        Start
      </button>
      <p data-testid="transcript">{run.transcript.map((entry) => entry.state).join(' ')}</p>
      {run.restoreError && <p role="alert">{run.restoreError.message}</p>}
      {run.openPrompts.map((prompt) => (
        <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />
      ))}
    </main>
  );
}

const wait = { timeout: 15_000 };
const BAD_SIGNATURE_WORDS = /This question changed since it was shown, or its signature is not valid/;
const where = { name: 'Where would you like to go?' };

async function start(watched: ReturnType<typeof watchedAgent>) {
  const user = userEvent.setup();
  render(<Chat watched={watched} />);
  await user.click(screen.getByRole('button', { name: 'Start' }));
  await screen.findByRole('textbox', where, wait);
  return user;
}

describe('useAskUserAgUi with @ag-ui/mastra MastraAgent', () => {
  it('answers the three questions to the end', async () => {
    const watched = watchedAgent();
    const user = await start(watched);
    await user.type(screen.getByRole('textbox', where), 'Lisbon');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(await screen.findByRole('radio', { name: /Plane/ }, wait));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Museums' }, wait));
    await user.click(screen.getByRole('checkbox', { name: 'Beaches' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(
      () => expect(screen.getByTestId('transcript').textContent).toBe('answered answered answered'),
      wait,
    );
    expect(watched.resumes).toEqual(['Lisbon', 'Plane', ['Museums', 'Beaches']]);
    expect(document.querySelectorAll('form')).toHaveLength(0);
  });

  it('sends nothing for an invalid answer', async () => {
    const watched = watchedAgent();
    const user = await start(watched);
    await user.type(screen.getByRole('textbox', where), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Please write an answer.');
    expect(watched.resumes).toEqual([]);
  });

  it('keeps the answer of a failed resume, and Retry sends it again', async () => {
    const watched = watchedAgent(1);
    const user = await start(watched);
    await user.type(screen.getByRole('textbox', where), 'Porto');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(await screen.findByRole('button', { name: 'Retry' }, wait));
    await screen.findByRole('radio', { name: /Train/ }, wait);
    expect(watched.resumes).toEqual(['Porto', 'Porto']);
  });

  it('sends one resume for a double click', async () => {
    const watched = watchedAgent();
    const user = await start(watched);
    await user.type(screen.getByRole('textbox', where), 'Rome');
    await user.dblClick(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('radio', { name: /Train/ }, wait);
    expect(watched.resumes).toEqual(['Rome']);
  });

  it('shows an interrupt whose run no longer waits as expired', async () => {
    const watched = watchedAgent();
    const user = await start(watched);
    // Another client of the same Mastra answers the same interrupt first.
    const other = getLocalAgent({ mastra: server.mastra as never, agentId: 'trip', resourceId: 'other' });
    await other.runAgent({ resume: resumeEntries(watched.interrupt() as MastraInterrupt, 'Elsewhere') });
    await user.type(screen.getByRole('textbox', where), 'Oslo');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('transcript').textContent).toBe('expired'), wait);
  });

  it('restores a waiting question from the suspended runs into a fresh agent, and answering it completes the run', async () => {
    // The first page asks; a second one (a reload: a new agent, no events) answers.
    const thread = { resourceId: `user-${Math.random()}`, threadId: `thread-${Math.random()}` };
    const first = watchedAgent(0, thread);
    await start(first);
    cleanup();

    const later = watchedAgent(0, thread);
    const { resourceId } = thread;
    const runs = createFetchTransport({ baseUrl: server.url, agentId: 'trip' });
    const restore = async () => (await runs.listSuspended({ resourceId })).runs;
    const user = userEvent.setup();
    render(<Chat watched={later} options={{ suspendedRuns: restore }} />);
    await user.type(await screen.findByRole('textbox', where, wait), 'Vienna');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(await screen.findByRole('radio', { name: /Car/ }, wait));
    expect(later.resumes).toEqual(['Vienna']);
    expect(screen.getByTestId('transcript').textContent).toBe('answered ready');
  });

  it('says why the suspended runs could not be read, and still shows what the agent sends', async () => {
    const watched = watchedAgent();
    const restore = () => Promise.reject(new Error('Service Unavailable'));
    const user = userEvent.setup();
    render(<Chat watched={watched} options={{ suspendedRuns: restore }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Service Unavailable');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('textbox', where, wait);
  });
});

// CopilotKit's runtime (copilotKitRoute) behind the answer guard, spoken to over HTTP by AG-UI's
// own HttpAgent, as a CopilotKit page's agent is: two tabs on one thread answer one question.
describe('useAskUserAgUi over HTTP behind the answer guard', () => {
  let guarded: MastraTestServer;
  const claims = libsqlClaimStore({ url: ':memory:' });
  beforeAll(async () => {
    // Its questions take answers for a minute.
    const late = askUserAgent('late', tripPlannerScript, undefined, (tool) =>
      guardedTool(tool, { ttlMs: 60_000 }),
    );
    guarded = await startMastraTestServer({
      agents: { trip: askUserAgent('trip', tripPlannerScript), late },
      memory: true,
      middleware: [answerGuard({ claims })],
      apiRoutes: [copilotKitRoute()],
    });
  });
  afterAll(async () => {
    await guarded.close();
    claims.close();
  });

  function Tab({ agent }: { agent: HttpAgent }) {
    const run = useAskUserAgUi(agent as unknown as AgUiAgentLike);
    return (
      <main>
        <p data-testid="transcript">{run.transcript.map((entry) => entry.state).join(' ')}</p>
        {run.transcript.map((entry) => (
          <AskUserPrompt key={entry.id} run={run} prompt={entry.prompt} />
        ))}
      </main>
    );
  }

  it("shows a question another tab answered first as answered elsewhere (the guard's 409), not failed", async () => {
    const threadId = `thread-${Math.random()}`;
    const url = `${guarded.url}/copilotkit/agent/trip/run`;
    const page = new HttpAgent({ url, threadId });
    const user = userEvent.setup();
    render(<Tab agent={page} />);
    page.addMessage({ id: 'message-1', role: 'user', content: 'Plan a trip' });
    await page.runAgent();
    await screen.findByRole('textbox', where, wait);

    // The other tab: the same thread, its own agent, answering the same interrupt first.
    const other = new HttpAgent({ url, threadId });
    const [interrupt] = page.pendingInterrupts;
    await other.runAgent({ resume: [{ interruptId: interrupt!.id, status: 'resolved', payload: 'Madrid' }] });

    await user.type(screen.getByRole('textbox', where), 'Paris');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(
      () => expect(screen.getByTestId('transcript').textContent).toBe('answered-elsewhere'),
      wait,
    );
    expect(screen.getByRole('status')).toHaveTextContent(defaultLabels.answeredElsewhere);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows a late answer as expired (the guard's 410), its time left shown until then", async () => {
    const url = `${guarded.url}/copilotkit/agent/late/run`;
    const page = new HttpAgent({ url, threadId: `thread-${Math.random()}` });
    const user = userEvent.setup();
    render(<Tab agent={page} />);
    page.addMessage({ id: 'message-1', role: 'user', content: 'Plan a trip' });
    await page.runAgent();
    await screen.findByRole('textbox', where, wait);
    expect(screen.getByText('Expires in 1 minute')).toBeVisible();

    // A minute and a bit later, by the clock of the page and of the in-process server alike.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    await user.type(screen.getByRole('textbox', where), 'Paris');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('transcript').textContent).toBe('expired'), wait);
    expect(screen.getByRole('status')).toHaveTextContent(defaultLabels.expired);
  });
});

describe('useAskUserAgUi over HTTP behind a guard that signs what it shows', () => {
  let signed: MastraTestServer;
  const claims = libsqlClaimStore({ url: ':memory:' });
  beforeAll(async () => {
    signed = await startMastraTestServer({
      agents: { trip: askUserAgent('trip', tripPlannerScript) },
      memory: true,
      middleware: [answerGuard({ claims, signingSecret: 'the AG-UI tests sign with this secret' })],
      apiRoutes: [copilotKitRoute()],
    });
  });
  afterAll(async () => {
    await signed.close();
    claims.close();
  });

  function Page({ agent }: { agent: HttpAgent }) {
    const run = useAskUserAgUi(agent as unknown as AgUiAgentLike);
    return (
      <main>
        <p data-testid="transcript">{run.transcript.map((entry) => entry.state).join(' ')}</p>
        {run.transcript.map((entry) => (
          <AskUserPrompt key={entry.id} run={run} prompt={entry.prompt} />
        ))}
      </main>
    );
  }

  async function ask() {
    const page = new HttpAgent({
      url: `${signed.url}/copilotkit/agent/trip/run`,
      threadId: `t-${Math.random()}`,
    });
    const user = userEvent.setup();
    render(<Page agent={page} />);
    page.addMessage({ id: 'message-1', role: 'user', content: 'Plan a trip' });
    await page.runAgent();
    await screen.findByRole('textbox', where, wait);
    return { user, page };
  }

  it("answers with the interrupt's signature in forwardedProps: the guard takes it", async () => {
    const { user } = await ask();
    await user.type(screen.getByRole('textbox', where), 'Paris');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('radio', { name: /Plane/ }, wait);
    expect(screen.getByTestId('transcript').textContent).toBe('answered ready');
  });

  it('shows an answer to a question changed since it was shown as refused (403), in words', async () => {
    const { user, page } = await ask();
    const [interrupt] = page.pendingInterrupts;
    const runId = interrupt!.id.split('::')[0]!;
    const workflows = await signed.mastra.getStorage()!.getStore('workflows');
    const snapshot = await workflows!.loadWorkflowSnapshot({ workflowName: 'agentic-loop', runId });
    const changed = JSON.parse(
      JSON.stringify(snapshot).replaceAll('Where would you like to go?', 'May I book anything?'),
    ) as typeof snapshot;
    await workflows!.persistWorkflowSnapshot({ workflowName: 'agentic-loop', runId, snapshot: changed! });

    await user.type(screen.getByRole('textbox', where), 'Paris');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('transcript').textContent).toBe('failed'), wait);
    expect(screen.getAllByText(BAD_SIGNATURE_WORDS)[0]).toBeVisible();
  });
});
