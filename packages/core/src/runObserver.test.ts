import { createServer } from 'node:net';
import { answerGuard, libsqlClaimStore } from '@ask-user-kit/server';
import { startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// A core-only app: the package's two public entries, as an app imports them, and nothing of React
// (the observers' types, which an app infers, read from their modules).
import { createHistoryObserver } from './historyEntry.ts';
import type { HistoryObserver } from './historyObserver.ts';
import { createFetchTransport, createRunObserver, RequestError } from './index.ts';
import type { RunObserver, RunObserverOptions } from './runObserver.ts';

const agentId = 'planner';
// Waiting for a real server on a shared machine: generous.
const serverWait = { timeout: 15_000 };

let guarded: MastraTestServer;
let plain: MastraTestServer;
let claims: ReturnType<typeof libsqlClaimStore>;
beforeAll(async () => {
  claims = libsqlClaimStore({ url: ':memory:' });
  guarded = await startMastraTestServer({
    agents: { planner: askUserAgent('planner', tripPlannerScript) },
    middleware: [answerGuard({ claims })],
  });
  plain = await startMastraTestServer({
    agents: { planner: askUserAgent('planner', tripPlannerScript) },
    memory: true,
  });
}, 60_000);
afterAll(async () => {
  await guarded?.close();
  await plain?.close();
  claims?.close();
});

let conversations = 0;
/** A fresh conversation: Mastra records a run's thread and resource together. */
const conversation = () => {
  conversations += 1;
  return { threadId: `thread-${conversations}-${Date.now()}`, resourceId: `user-${conversations}` };
};

// Every observer a test mounts, and the unsubscribe that leaves it.
const mounted: (() => void)[] = [];
afterEach(() => {
  for (const leave of mounted.splice(0)) leave();
});

/** An observer mounted as a page mounts it: subscribed, so it restores and follows the server. */
function mount(
  server: MastraTestServer,
  options: Omit<RunObserverOptions, 'transport'> & { fetch?: typeof fetch },
) {
  const { fetch: fetchFn, ...rest } = options;
  const transport = createFetchTransport({ baseUrl: server.url, agentId, fetch: fetchFn });
  const run = createRunObserver({ transport, ...rest });
  mounted.push(run.subscribe(() => {}));
  return run;
}

const questions = (run: RunObserver) => run.getSnapshot().openPrompts.map((prompt) => prompt.question);
const keyOf = (run: RunObserver) => run.getSnapshot().openPrompts[0]!.key;
const entryOf = (run: RunObserver, key: string) =>
  run.getSnapshot().transcript.find((entry) => entry.type === 'prompt' && entry.id === key);

/** A port with nothing listening on it: a request there fails as a real network error does. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a core-only app: createRunObserver against a real Mastra server', () => {
  it('a reload: a second observer on the thread finds the waiting question, and answers it', async () => {
    const ids = conversation();
    const first = mount(guarded, ids);
    await first.send('Plan a trip');
    expect(questions(first)).toEqual(['Where would you like to go?']);
    mounted.pop()!();

    const requests: string[] = [];
    const second = mount(guarded, {
      ...ids,
      fetch: (input, init) => {
        requests.push(new URL(String(input)).pathname.split('/').pop()!);
        return fetch(input, init);
      },
    });
    expect(second.getSnapshot().restoring).toBe(true);
    await vi.waitFor(() => expect(questions(second)).toEqual(['Where would you like to go?']), serverWait);
    expect(second.getSnapshot()).toMatchObject({ restoring: false, status: 'awaiting-input' });
    expect(requests).toEqual(['suspended-runs']);
    await second.submit(keyOf(second), 'Lisbon');
    expect(questions(second)).toEqual(['How will you travel?']);
  });

  it('answered elsewhere: the second answer is refused (409), and the question asked next shows up here', async () => {
    const ids = conversation();
    const here = mount(guarded, ids);
    await here.send('Plan a trip');
    const elsewhere = mount(guarded, ids);
    await vi.waitFor(() => expect(questions(elsewhere)).toEqual(['Where would you like to go?']), serverWait);

    const key = keyOf(here);
    await elsewhere.submit(key, 'Lisbon');
    const refusal = await here.submit(key, 'Porto').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RequestError);
    expect(refusal).toMatchObject({ code: 'answered-elsewhere', promptKey: key });
    expect(entryOf(here, key)).toMatchObject({ state: 'answered-elsewhere' });
    // Listed again on its own: the run went on to its next question, answerable here.
    await vi.waitFor(() => expect(questions(here)).toEqual(['How will you travel?']), serverWait);
    await here.submit(keyOf(here), 'Train');
    expect(questions(here)).toEqual(['What should the trip include?']);
  });

  it('expired counts as closed elsewhere too: without a guard, the question asked next shows up here', async () => {
    const ids = conversation();
    const here = mount(plain, ids);
    await here.send('Plan a trip');
    const elsewhere = mount(plain, ids);
    await vi.waitFor(() => expect(questions(elsewhere)).toHaveLength(1), serverWait);
    const key = keyOf(here);
    await elsewhere.submit(key, 'Lisbon');
    await here.submit(key, 'Porto').catch(() => {});
    expect(entryOf(here, key)).toMatchObject({ state: 'expired' });
    await vi.waitFor(() => expect(questions(here)).toEqual(['How will you travel?']), serverWait);
  });

  it('a failed resume keeps its answer, and retry sends it again', async () => {
    const port = await deadPort();
    let broken = true;
    const run = mount(guarded, {
      ...conversation(),
      fetch: (input, init) => {
        const url = String(input);
        if (!url.endsWith('/resume-stream') || !broken) return fetch(input, init);
        broken = false;
        return fetch(url.replace(guarded.url, `http://127.0.0.1:${port}`), init);
      },
    });
    await vi.waitFor(() => expect(run.getSnapshot().restoring).toBe(false), serverWait);
    await run.send('Plan a trip');
    const key = keyOf(run);
    await expect(run.submit(key, 'Lisbon')).rejects.toMatchObject({ code: 'network' });
    expect(entryOf(run, key)).toMatchObject({ state: 'failed', answer: 'Lisbon' });
    await run.retry(key);
    expect(entryOf(run, key)).toMatchObject({ state: 'answered', answer: 'Lisbon' });
    expect(questions(run)).toEqual(['How will you travel?']);
  });

  it('sends the initial message once the restore read found nothing waiting, and not when a question waits', async () => {
    const ids = conversation();
    const opened = mount(guarded, { ...ids, initialMessage: 'Plan a trip' });
    await vi.waitFor(() => expect(questions(opened)).toEqual(['Where would you like to go?']), serverWait);
    mounted.pop()!();

    const again = mount(guarded, { ...ids, initialMessage: 'Plan a trip' });
    await vi.waitFor(() => expect(again.getSnapshot().restoring).toBe(false), serverWait);
    expect(again.getSnapshot().transcript.map((entry) => entry.type)).toEqual(['prompt']);
  });

  it('reset() drops a restore read begun before it', async () => {
    const ids = conversation();
    const first = mount(guarded, ids);
    await first.send('Plan a trip');
    mounted.pop()!();

    const again = mount(guarded, ids);
    again.reset();
    // The list still comes; what it holds is not brought back into the cleared conversation.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(again.getSnapshot()).toMatchObject({ restoring: false, transcript: [], status: 'idle' });
    again.restore();
    await vi.waitFor(() => expect(questions(again)).toHaveLength(1), serverWait);
  });

  it('setOptions to another thread starts that conversation (as getOptimisticSnapshot showed it) and aborts the old one’s read', async () => {
    const signals: AbortSignal[] = [];
    const transport = createFetchTransport({
      baseUrl: guarded.url,
      agentId,
      fetch: (input, init) => {
        if (String(input).includes('/suspended-runs')) signals.push(init!.signal!);
        return new Promise<Response>((_, reject) =>
          init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)),
        );
      },
    });
    const run = createRunObserver({ transport, ...conversation() });
    mounted.push(run.subscribe(() => {}));
    const before = run.getSnapshot().store;
    const next = { transport, ...conversation() };
    // A UI renders the next conversation before it applies the options: fresh, and the store it will have.
    const optimistic = run.getOptimisticSnapshot(next);
    expect(optimistic).toMatchObject({ transcript: [], status: 'idle', restoring: true });
    expect(optimistic.store).not.toBe(before);
    run.setOptions(next);
    expect(run.getSnapshot().store).toBe(optimistic.store);
    expect(signals).toHaveLength(2);
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    mounted.pop()!();
    await vi.waitFor(() => expect(signals[1]!.aborted).toBe(true));
  });
});

describe('a core-only app: createHistoryObserver against a real Mastra server with memory', () => {
  function mountHistory(run: RunObserver, threadId: string, resourceId: string): HistoryObserver {
    const history = createHistoryObserver(run, {
      baseUrl: plain.url,
      agentId,
      threadId,
      resourceId,
      syncTabs: false,
    });
    mounted.push(history.subscribe(() => {}));
    return history;
  }

  it('a reload shows the whole conversation again, and one send at a time', async () => {
    const ids = conversation();
    const first = mount(plain, ids);
    await first.send('Plan a trip');
    await first.submit(keyOf(first), 'Lisbon');
    mounted.pop()!();

    const run = mount(plain, ids);
    const history = mountHistory(run, ids.threadId, ids.resourceId);
    expect(history.getSnapshot().canSend).toEqual({ allowed: false, reason: 'checking' });
    await vi.waitFor(() => expect(history.getSnapshot().loading).toBe(false), serverWait);
    await vi.waitFor(() => expect(run.getSnapshot().restoring).toBe(false), serverWait);
    const shown = run
      .getSnapshot()
      .transcript.map((entry) =>
        entry.type === 'prompt'
          ? `${entry.prompt.question} ${entry.state} ${String(entry.answer ?? '')}`
          : entry.text,
      );
    expect(shown).toEqual([
      'Plan a trip',
      'Where would you like to go? answered Lisbon',
      'How will you travel? ready ',
    ]);
    expect(history.getSnapshot()).toMatchObject({
      memory: true,
      canSend: { allowed: false, reason: 'waiting' },
    });
  });

  it('reads the history again when a question expires here: the other client’s answer shows', async () => {
    const ids = conversation();
    const here = mount(plain, ids);
    await here.send('Plan a trip');
    const history = mountHistory(here, ids.threadId, ids.resourceId);
    await vi.waitFor(() => expect(history.getSnapshot().loading).toBe(false), serverWait);
    const elsewhere = mount(plain, ids);
    await vi.waitFor(() => expect(questions(elsewhere)).toHaveLength(1), serverWait);
    const key = keyOf(here);
    await elsewhere.submit(key, 'Oslo');
    await here.submit(key, 'Porto').catch(() => {});
    await vi.waitFor(() => {
      const answered = here
        .getSnapshot()
        .transcript.find(
          (entry) => entry.type === 'prompt' && entry.prompt.question === 'Where would you like to go?',
        );
      expect(answered).toMatchObject({ state: 'answered', answer: 'Oslo' });
    }, serverWait);
  });
});
