import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { AskUserPrompt } from '../AskUserPrompt.tsx';
import { newQueryClient, recordingFetch, uniqueId, withClient } from '../test/harness.tsx';
import { useAgentRun, type AgentRun } from '../useAgentRun.ts';
import { NO_MEMORY_WARNING, useThreadHistory, type ThreadHistoryState } from './useThreadHistory.ts';

const memoryUrl = inject('mastraMemoryUrl');
const plainUrl = inject('mastraUrl');
const serverWait = { timeout: 15_000 };

interface Seen {
  run: AgentRun;
  history: ThreadHistoryState;
}

/** A chat as an app builds one with the history entry: every entry of the transcript, and the send rule. */
function Chat({
  baseUrl,
  threadId,
  fetch: fetchFn,
  newThread,
  onRender,
}: {
  baseUrl: string;
  threadId: string;
  fetch?: typeof fetch;
  newThread?: boolean;
  onRender?: (seen: Seen) => void;
}) {
  const source = { agentId: 'trip', baseUrl, threadId, resourceId: threadId, fetch: fetchFn, newThread };
  const run = useAgentRun(source);
  const history = useThreadHistory(run, source);
  onRender?.({ run, history });
  return (
    <main>
      <p data-testid="send">{history.canSend.allowed ? 'allowed' : history.canSend.reason}</p>
      <button type="button" disabled={!history.canSend.allowed} onClick={() => void run.send('Plan a trip')}>
        Start
      </button>
      <ol>
        {run.transcript.map((entry) => (
          <li key={entry.id}>
            {entry.type === 'prompt' ? <AskUserPrompt run={run} prompt={entry.prompt} /> : entry.text}
          </li>
        ))}
      </ol>
    </main>
  );
}

const mount = (props: Parameters<typeof Chat>[0]) =>
  render(<Chat {...props} />, { wrapper: withClient(newQueryClient()) });

afterEach(() => vi.restoreAllMocks());

describe('useThreadHistory against a real Mastra server with memory', () => {
  it('shows a finished conversation again in a new mount, answers included', async () => {
    const user = userEvent.setup();
    const threadId = uniqueId('thread');
    const first = mount({ baseUrl: memoryUrl, threadId });
    await waitFor(() => expect(screen.getByTestId('send').textContent).toBe('allowed'), serverWait);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.type(await screen.findByRole('textbox', {}, serverWait), 'Lisbon{Enter}');
    await user.click(await screen.findByRole('radio', { name: /Train/ }, serverWait));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Hiking' }, serverWait));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(/Here is your plan for Lisbon/, {}, serverWait);
    first.unmount();

    mount({ baseUrl: memoryUrl, threadId });
    // The whole conversation, not a blank page: the message, the three answers and the plan.
    expect(await screen.findByText('Plan a trip', {}, serverWait)).toBeTruthy();
    expect(await screen.findByText(/Here is your plan for Lisbon/)).toBeTruthy();
    expect(screen.getByText('Lisbon')).toBeTruthy();
    expect(screen.getByText('Hiking')).toBeTruthy();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByTestId('send').textContent).toBe('allowed');
  });

  it('lets no message through while a question waits, and says why', async () => {
    const user = userEvent.setup();
    const threadId = uniqueId('thread');
    mount({ baseUrl: memoryUrl, threadId });
    await waitFor(() => expect(screen.getByTestId('send').textContent).toBe('allowed'), serverWait);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('textbox', {}, serverWait);
    expect(screen.getByTestId('send').textContent).toBe('waiting');
    expect((screen.getByRole('button', { name: 'Start' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps a second mount on the thread in step: an answer in one shows in the other, with the next question', async () => {
    const user = userEvent.setup();
    const threadId = uniqueId('thread');
    let tabB!: Seen;
    const a = mount({ baseUrl: memoryUrl, threadId });
    await waitFor(() => expect(screen.getByTestId('send').textContent).toBe('allowed'), serverWait);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('textbox', {}, serverWait);
    const b = render(<Chat baseUrl={memoryUrl} threadId={threadId} onRender={(seen) => (tabB = seen)} />, {
      wrapper: withClient(newQueryClient()),
    });
    await waitFor(
      () => expect(tabB.run.openPrompts[0]?.question).toBe('Where would you like to go?'),
      serverWait,
    );

    const fieldA = a.container.querySelector('textarea')!;
    await user.type(fieldA, 'Oslo{Enter}');
    await waitFor(() => expect(tabB.run.openPrompts[0]?.question).toBe('How will you travel?'), serverWait);
    // The answer as the server wrote it: a read during the resume is read again until it is there.
    await waitFor(() => {
      const answered = tabB.run.transcript.find(
        (entry) => entry.type === 'prompt' && entry.prompt.question === 'Where would you like to go?',
      );
      expect(answered).toMatchObject({ state: 'answered', answer: 'Oslo' });
    }, serverWait);
    expect(b.container.querySelectorAll('input[type="radio"]')).toHaveLength(3);
  });

  it('lets no message through while it is unknown whether a question waits (the list failed)', async () => {
    const failingList: typeof fetch = (input, init) =>
      String(input).includes('/suspended-runs')
        ? Promise.resolve(new Response('{"error":"Bad gateway"}', { status: 502 }))
        : fetch(input, init);
    mount({ baseUrl: memoryUrl, threadId: uniqueId('thread'), fetch: failingList });
    await waitFor(() => expect(screen.getByTestId('send').textContent).toBe('unknown'), serverWait);
  });
});

describe('a thread the app has just made (newThread)', () => {
  it('reads nothing on mount and allows sending at once; a later mount reads what was sent', async () => {
    const user = userEvent.setup();
    const threadId = uniqueId('thread');
    const recorder = recordingFetch();
    const seen: string[] = [];
    const first = mount({
      baseUrl: memoryUrl,
      threadId,
      fetch: recorder.fetch,
      newThread: true,
      onRender: ({ history }) => seen.push(history.canSend.allowed ? 'allowed' : history.canSend.reason),
    });
    expect(seen[0]).toBe('allowed');
    expect(recorder.requests).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('textbox', {}, serverWait);
    expect(recorder.requests.map(({ url }) => new URL(url).pathname)).toEqual(['/api/agents/trip/stream']);
    first.unmount();

    mount({ baseUrl: memoryUrl, threadId });
    expect(await screen.findByText('Plan a trip', {}, serverWait)).toBeTruthy();
  });
});

describe('reads of a conversation that is left', () => {
  /** A fetch whose memory and suspended-run reads never get an answer: each settles only by its abort. */
  const holdingReads = () =>
    recordingFetch(
      (url, init) =>
        new Promise<undefined>((resolve, reject) => {
          if (!url.includes('/memory/') && !url.includes('/suspended-runs')) return resolve(undefined);
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    );

  it('are aborted when the chat unmounts, and when it moves to another thread', async () => {
    const recorder = holdingReads();
    const first = uniqueId('thread');
    const view = mount({ baseUrl: memoryUrl, threadId: first, fetch: recorder.fetch });
    await waitFor(() => expect(recorder.requests).toHaveLength(2));
    view.rerender(<Chat baseUrl={memoryUrl} threadId={uniqueId('thread')} fetch={recorder.fetch} />);
    await waitFor(() => expect(recorder.requests).toHaveLength(4));
    const ofFirst = recorder.requests.filter(({ url }) => url.includes(first));
    expect(ofFirst).toHaveLength(2);
    await waitFor(() => expect(ofFirst.map(({ signal }) => signal?.aborted)).toEqual([true, true]));
    view.unmount();
    await waitFor(() =>
      expect(recorder.requests.map(({ signal }) => signal?.aborted)).toEqual([true, true, true, true]),
    );
  });

  it('are not aborted by StrictMode remounting the chat, and are made once', async () => {
    const recorder = holdingReads();
    render(
      <StrictMode>
        <Chat baseUrl={memoryUrl} threadId={uniqueId('thread')} fetch={recorder.fetch} />
      </StrictMode>,
      { wrapper: withClient(newQueryClient()) },
    );
    await waitFor(() => expect(recorder.requests).toHaveLength(2));
    expect(recorder.requests).toHaveLength(2);
    expect(recorder.requests.map(({ signal }) => signal?.aborted)).toEqual([false, false]);
  });
});

describe('useThreadHistory against a server without memory', () => {
  it('warns once in development, and the run works as before', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let seen!: Seen;
    let second!: Seen;
    mount({ baseUrl: plainUrl, threadId: uniqueId('thread'), onRender: (s) => (seen = s) });
    await waitFor(() => expect(seen.history.memory).toBe(false), serverWait);
    mount({ baseUrl: plainUrl, threadId: uniqueId('thread'), onRender: (s) => (second = s) });
    await waitFor(() => expect(second.history.memory).toBe(false), serverWait);
    expect(warn.mock.calls.filter(([message]) => message === NO_MEMORY_WARNING)).toHaveLength(1);
    expect(seen.history.canSend.allowed).toBe(true);
  });
});
