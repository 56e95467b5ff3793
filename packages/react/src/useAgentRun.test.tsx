import { createServer } from 'node:net';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { AskUserPrompt } from './AskUserPrompt.tsx';
import { RequestError } from './index.ts';
import { newQueryClient, recordingFetch, uniqueId, withClient } from './test/harness.tsx';
import { useAgentRun, type AgentRun, type UseAgentRunOptions } from './useAgentRun.ts';

const baseUrl = inject('mastraUrl');
// Waiting for a real server, not measuring it: generous, so a loaded machine does not fail a test.
const serverWait = { timeout: 15_000 };

/** A fresh conversation: Mastra records a run's thread and resource together. */
const conversation = () => ({ resourceId: uniqueId('user'), threadId: uniqueId('thread') });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A port with nothing listening on it: a request there fails as a real network error does. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A minimal chat: a start button, the streamed text and every prompt of the transcript. */
function Chat({
  options,
  onRun,
  allowOther,
}: {
  options: UseAgentRunOptions;
  onRun?: (run: AgentRun) => void;
  allowOther?: boolean;
}) {
  const run = useAgentRun(options);
  onRun?.(run);
  return (
    <main>
      <p data-testid="status">{run.status}</p>
      <p data-testid="text">{run.text}</p>
      {run.error ? <p role="alert">{run.error.message}</p> : null}
      <button type="button" onClick={() => void run.send('Hi')}>
        Start
      </button>
      {run.transcript.map((entry) =>
        entry.type === 'prompt' ? (
          <AskUserPrompt key={entry.id} run={run} prompt={entry.prompt} allowOther={allowOther} />
        ) : null,
      )}
    </main>
  );
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('useAgentRun against a real Mastra server', () => {
  it('free text: send → question → answer → done', async () => {
    const user = userEvent.setup();
    let run!: AgentRun;
    const { container } = render(<Chat options={{ agentId: 'text', baseUrl }} onRun={(r) => (run = r)} />, {
      wrapper: withClient(newQueryClient()),
    });
    expect(run.status).toBe('idle');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const field = await screen.findByRole('textbox', { name: 'What is your name?' }, serverWait);
    expect(run.status).toBe('awaiting-input');
    expect(run.openPrompts).toHaveLength(1);
    const [prompt] = run.openPrompts;
    expect(prompt).toMatchObject({ kind: 'text', question: 'What is your name?', runId: run.runId });

    await user.type(field, 'Ada{Enter}');
    await waitFor(() => expect(screen.getByTestId('text')).toHaveTextContent('Hello, Ada!'), serverWait);
    expect(run.status).toBe('done');
    expect(run.openPrompts).toEqual([]);
    expect(run.transcript.map((e) => e.type)).toEqual(['user', 'prompt', 'assistant']);
    expect(run.transcript[1]).toMatchObject({ id: prompt!.key, state: 'answered', answer: 'Ada' });
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('data-state', 'answered');
    expect(within(form).getByText('Ada')).toBeInTheDocument();
  });

  it('single choice: shows the submitting state while the resume is in flight, then done', async () => {
    const user = userEvent.setup();
    const gate = deferred();
    const recorder = recordingFetch(async (url) => {
      if (url.endsWith('/resume-stream')) await gate.promise;
      return undefined;
    });
    let run!: AgentRun;
    const { container } = render(
      <Chat options={{ agentId: 'single', baseUrl, fetch: recorder.fetch }} onRun={(r) => (run = r)} />,
      { wrapper: withClient(newQueryClient()) },
    );
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const blue = await screen.findByRole('radio', { name: 'Blue' }, serverWait);
    expect(blue).toHaveAccessibleDescription('Cool');
    await user.click(blue);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const form = container.querySelector('form')!;
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'submitting'));
    expect(form).toHaveAttribute('aria-busy', 'true');
    expect(run.transcript.find((e) => e.type === 'prompt')).toMatchObject({
      state: 'submitting',
      answer: 'Blue',
    });
    expect(screen.getByRole('radio', { name: 'Blue' })).toBeDisabled();

    gate.resolve();
    await waitFor(() => expect(screen.getByTestId('text')).toHaveTextContent('You chose Blue.'), serverWait);
    expect(form).toHaveAttribute('data-state', 'answered');
    expect(recorder.count('resume-stream')).toBe(1);
  });

  it('multiple choice: send → question → answer → done', async () => {
    const user = userEvent.setup();
    render(<Chat options={{ agentId: 'multiple', baseUrl }} />, { wrapper: withClient(newQueryClient()) });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Olives' }, serverWait));
    await user.click(screen.getByRole('checkbox', { name: 'Cheese' }));
    expect(screen.getByText('2 chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(
      () => expect(screen.getByTestId('text')).toHaveTextContent('Toppings: Cheese, Olives.'),
      serverWait,
    );
  });

  it('three kinds of question in one run, each answered in turn, then the reply', async () => {
    const user = userEvent.setup();
    render(<Chat options={{ agentId: 'trip', baseUrl }} allowOther />, {
      wrapper: withClient(newQueryClient()),
    });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.type(
      await screen.findByRole('textbox', { name: 'Where would you like to go?' }, serverWait),
      'Lisbon{Enter}',
    );
    await user.click(await screen.findByRole('radio', { name: 'Train' }, serverWait));
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('checkbox', { name: 'Hiking' }, serverWait));
    await user.type(screen.getAllByRole('textbox', { name: 'Your own answer' }).at(-1)!, 'Fado concerts');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(
      () =>
        expect(screen.getByTestId('text')).toHaveTextContent(
          'Here is your plan for Lisbon. You will travel by train, and the days include hiking, fado concerts.',
        ),
      serverWait,
    );
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('done'), serverWait);
    expect(document.querySelectorAll('form[data-state="answered"]')).toHaveLength(3);
  });

  it('restores a waiting question on mount (a reload) and answers it', async () => {
    const user = userEvent.setup();
    const { resourceId, threadId } = conversation();
    const first = render(<Chat options={{ agentId: 'single', baseUrl, resourceId, threadId }} />, {
      wrapper: withClient(newQueryClient()),
    });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    // Chosen but not sent before the reload: the draft comes back with the question.
    await user.click(await screen.findByRole('radio', { name: 'Blue' }, serverWait));
    first.unmount();

    const recorder = recordingFetch();
    let run!: AgentRun;
    render(
      <Chat
        options={{ agentId: 'single', baseUrl, resourceId, threadId, fetch: recorder.fetch }}
        onRun={(r) => (run = r)}
      />,
      { wrapper: withClient(newQueryClient()) },
    );
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Blue' })).toBeChecked(), serverWait);
    await user.click(screen.getByRole('radio', { name: 'Red' }));
    expect(run.status).toBe('awaiting-input');
    expect(run.restoring).toBe(false);
    expect(recorder.count('suspended-runs')).toBe(1);
    expect(recorder.count('stream')).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('text')).toHaveTextContent('You chose Red.'), serverWait);
  });

  it("does not restore another thread's question, even for the same user", async () => {
    const user = userEvent.setup();
    const { resourceId } = conversation();
    const first = render(
      <Chat options={{ agentId: 'text', baseUrl, resourceId, threadId: uniqueId('thread') }} />,
      {
        wrapper: withClient(newQueryClient()),
      },
    );
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('textbox', {}, serverWait);
    first.unmount();

    let run!: AgentRun;
    render(
      <Chat
        options={{ agentId: 'text', baseUrl, resourceId, threadId: uniqueId('thread') }}
        onRun={(r) => (run = r)}
      />,
      {
        wrapper: withClient(newQueryClient()),
      },
    );
    await waitFor(() => expect(run.restoring).toBe(false), serverWait);
    expect(run.openPrompts).toEqual([]);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says so when the question was answered elsewhere in the meantime', async () => {
    const user = userEvent.setup();
    const ids = conversation();
    const here = render(<Chat options={{ agentId: 'text', baseUrl, ...ids }} />, {
      wrapper: withClient(newQueryClient()),
    });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await within(here.container).findByRole('textbox', {}, serverWait);

    // The same conversation open in a second tab: the question is restored there too.
    const elsewhere = render(<Chat options={{ agentId: 'text', baseUrl, ...ids }} />, {
      wrapper: withClient(newQueryClient()),
    });
    const otherField = await within(elsewhere.container).findByRole('textbox', {}, serverWait);
    await user.type(otherField, 'Grace{Enter}');
    await waitFor(
      () => expect(within(elsewhere.container).getByTestId('text')).toHaveTextContent('Hello, Grace!'),
      serverWait,
    );

    await user.type(within(here.container).getByRole('textbox'), 'Ada{Enter}');
    const form = here.container.querySelector('form')!;
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'expired'), serverWait);
    expect(
      within(form).getByText('This question was already answered or is no longer open.', {
        selector: '[data-part="error"]',
      }),
    ).toBeInTheDocument();
  });

  it('keeps the answer when the resume fails on the network, and Retry sends it', async () => {
    const user = userEvent.setup();
    const port = await deadPort();
    let broken = true;
    const recorder = recordingFetch((url) => {
      if (!url.endsWith('/resume-stream') || !broken) return undefined;
      broken = false;
      return url.replace(baseUrl, `http://127.0.0.1:${port}`);
    });
    const { container } = render(<Chat options={{ agentId: 'text', baseUrl, fetch: recorder.fetch }} />, {
      wrapper: withClient(newQueryClient()),
    });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.type(await screen.findByRole('textbox', {}, serverWait), 'Ada{Enter}');

    const form = container.querySelector('form')!;
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'failed'), serverWait);
    expect(
      within(form).getByText(/^Your answer could not be sent: Could not reach the agent server/, {
        selector: '[data-part="error"]',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveValue('Ada');
    expect(screen.getByRole('textbox')).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('text')).toHaveTextContent('Hello, Ada!'), serverWait);
    expect(form).toHaveAttribute('data-state', 'answered');
    expect(recorder.count('resume-stream')).toBe(2);
  });

  it('tells the user to wait when the agent is busy with another request, then sending again works', async () => {
    const user = userEvent.setup();
    const gate = deferred();
    let streams = 0;
    const recorder = recordingFetch(async (url) => {
      if (url.endsWith('/stream') && ++streams === 2) await gate.promise;
      return undefined;
    });
    let run!: AgentRun;
    const { container } = render(
      <Chat options={{ agentId: 'text', baseUrl, fetch: recorder.fetch }} onRun={(r) => (run = r)} />,
      { wrapper: withClient(newQueryClient()) },
    );
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('textbox', {}, serverWait);
    // A second message while the first question waits; its request is held open.
    act(() => void run.send('Another thing'));
    await waitFor(() => expect(run.status).toBe('streaming'));
    const first = container.querySelector('form')!;
    await user.type(within(first).getByRole('textbox'), 'Ada{Enter}');
    // Refused before any request: nothing failed, so the prompt stays ready and says why.
    await waitFor(() =>
      expect(
        within(first).getByText(/^The agent is still busy\./, { selector: '[data-part="error"]' }),
      ).toBeInTheDocument(),
    );
    expect(first).toHaveAttribute('data-state', 'ready');
    expect(recorder.count('resume-stream')).toBe(0);

    gate.resolve();
    await waitFor(() => expect(run.openPrompts).toHaveLength(2), serverWait);
    await user.click(within(first).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(first).toHaveAttribute('data-state', 'answered'), serverWait);
    expect(recorder.count('resume-stream')).toBe(1);
  });

  it('aborts the stream when the component unmounts', async () => {
    const user = userEvent.setup();
    const recorder = recordingFetch();
    const { unmount } = render(<Chat options={{ agentId: 'slow', baseUrl, fetch: recorder.fetch }} />, {
      wrapper: withClient(newQueryClient()),
    });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.getByTestId('text')).toHaveTextContent('word'), serverWait);
    const signal = recorder.requests.find((r) => r.url.endsWith('/stream'))!.signal!;
    expect(signal.aborted).toBe(false);
    unmount();
    await waitFor(() => expect(signal.aborted).toBe(true));
  });

  it('cancel() aborts the stream and keeps what arrived', async () => {
    const user = userEvent.setup();
    const recorder = recordingFetch();
    let run!: AgentRun;
    render(<Chat options={{ agentId: 'slow', baseUrl, fetch: recorder.fetch }} onRun={(r) => (run = r)} />, {
      wrapper: withClient(newQueryClient()),
    });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(run.text).toContain('word'), serverWait);
    act(() => run.cancel());
    await waitFor(() => expect(run.status).not.toBe('streaming'));
    expect(recorder.requests[0]!.signal!.aborted).toBe(true);
    expect(run.text).toContain('word');
  });
});

// StrictMode must be the root element, as in an app's main.tsx: React 19 double-invokes the effects
// of a newly mounted subtree only if the subtree's top is already strict (a wrapper component
// around <StrictMode> turns it off). The probe checks that it did.
let strictEffects = 0;
function EffectProbe() {
  useEffect(() => {
    strictEffects++;
  }, []);
  return null;
}
const strict = (children: ReactNode) => (
  <StrictMode>
    <QueryClientProvider client={newQueryClient()}>
      <EffectProbe />
      {children}
    </QueryClientProvider>
  </StrictMode>
);

describe('StrictMode', () => {
  it('sends initialMessage once on mount (one stream, not two) and the stream survives the double effects', async () => {
    strictEffects = 0;
    const recorder = recordingFetch();
    render(
      strict(<Chat options={{ agentId: 'text', baseUrl, fetch: recorder.fetch, initialMessage: 'Hi' }} />),
    );
    await screen.findByRole('textbox', { name: 'What is your name?' }, serverWait);
    expect(strictEffects, 'StrictMode ran the effects twice').toBe(2);
    expect(recorder.count('stream')).toBe(1);
    expect(recorder.requests[0]!.signal!.aborted).toBe(false);
  });

  it('sends initialMessage once after restore found nothing waiting', async () => {
    const recorder = recordingFetch();
    render(
      strict(
        <Chat
          options={{
            agentId: 'text',
            baseUrl,
            ...conversation(),
            fetch: recorder.fetch,
            initialMessage: 'Hi',
          }}
        />,
      ),
    );
    await screen.findByRole('textbox', { name: 'What is your name?' }, serverWait);
    expect(recorder.count('stream')).toBe(1);
    expect(recorder.count('suspended-runs')).toBe(1);
    expect(recorder.requests.every((r) => !r.signal?.aborted)).toBe(true);
  });

  it('streams once per send', async () => {
    const user = userEvent.setup();
    const recorder = recordingFetch();
    render(strict(<Chat options={{ agentId: 'single', baseUrl, fetch: recorder.fetch }} />));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.click(await screen.findByRole('radio', { name: 'Red' }, serverWait));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('text')).toHaveTextContent('You chose Red.'), serverWait);
    expect(recorder.count('stream')).toBe(1);
    expect(recorder.count('resume-stream')).toBe(1);
  });

  it('does not send initialMessage when a restored question is waiting', async () => {
    const user = userEvent.setup();
    const ids = conversation();
    const first = render(<Chat options={{ agentId: 'text', baseUrl, ...ids }} />, {
      wrapper: withClient(newQueryClient()),
    });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('textbox', {}, serverWait);
    first.unmount();

    const recorder = recordingFetch();
    render(
      strict(
        <Chat options={{ agentId: 'text', baseUrl, ...ids, fetch: recorder.fetch, initialMessage: 'Hi' }} />,
      ),
    );
    await screen.findByRole('textbox', {}, serverWait);
    expect(recorder.count('stream')).toBe(0);
  });
});

describe('rendering', () => {
  it('re-renders once per network read, not once per chunk', async () => {
    const user = userEvent.setup();
    const recorder = recordingFetch();
    let renders = 0;
    function Counter() {
      const run = useAgentRun({ agentId: 'burst', baseUrl, fetch: recorder.fetch });
      if (run.status === 'streaming') renders++;
      return (
        <>
          <p data-testid="length">{run.text.length}</p>
          <button type="button" onClick={() => void run.send('Go')}>
            Go
          </button>
        </>
      );
    }
    render(<Counter />, { wrapper: withClient(newQueryClient()) });
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(screen.getByTestId('length')).toHaveTextContent('600'), serverWait);
    const reads = recorder.bodyReads.stream ?? 0;
    // The premise: 600 text deltas (plus start/step/finish chunks) came in fewer network reads.
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThan(600);
    // One render per read at most (the first comes from send() itself).
    expect(renders).toBeLessThanOrEqual(reads + 1);
  });

  it('commits streamed text at most once per animation frame', async () => {
    const user = userEvent.setup();
    let frames = 0;
    const nativeRaf = globalThis.requestAnimationFrame.bind(globalThis);
    const raf = vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((callback) =>
      nativeRaf((time) => {
        frames++;
        callback(time);
      }),
    );
    const recorder = recordingFetch();
    let textCommits = 0;
    let lastText = '';
    // Counting commits is the point of this test: each render reports what it shows.
    const rendered = (status: string, text: string) => {
      if (status === 'streaming' && text !== lastText) textCommits++;
      lastText = text;
    };
    function Counter() {
      const run = useAgentRun({ agentId: 'trickle', baseUrl, fetch: recorder.fetch });
      rendered(run.status, run.text);
      return (
        <>
          <p data-testid="length">{run.text.length}</p>
          <button type="button" onClick={() => void run.send('Go')}>
            Go
          </button>
        </>
      );
    }
    try {
      render(<Counter />, { wrapper: withClient(newQueryClient()) });
      await user.click(screen.getByRole('button', { name: 'Go' }));
      await waitFor(() => expect(screen.getByTestId('length')).toHaveTextContent('300'), serverWait);
    } finally {
      raf.mockRestore();
    }
    // The premise: more network reads than frames, so one commit per read would break the bound.
    expect(recorder.bodyReads.stream ?? 0).toBeGreaterThan(frames);
    expect(textCommits).toBeGreaterThan(0);
    expect(textCommits).toBeLessThanOrEqual(frames);
  });

  it('keeps its actions stable across renders', async () => {
    const { result } = renderHook(() => useAgentRun({ agentId: 'text', baseUrl }), {
      wrapper: withClient(newQueryClient()),
    });
    const first = result.current;
    await act(() => result.current.send('Hi'));
    await waitFor(() => expect(result.current.status).toBe('awaiting-input'), serverWait);
    expect(result.current).not.toBe(first);
    for (const name of ['send', 'submit', 'retry', 'cancel', 'reset', 'restore'] as const) {
      expect(result.current[name], name).toBe(first[name]);
    }
    expect(result.current.store).toBe(first.store);
  });

  it('reset() clears the conversation', async () => {
    const { result } = renderHook(() => useAgentRun({ agentId: 'text', baseUrl }), {
      wrapper: withClient(newQueryClient()),
    });
    await act(() => result.current.send('Hi'));
    await waitFor(() => expect(result.current.openPrompts).toHaveLength(1), serverWait);
    await act(() => result.current.submit(result.current.openPrompts[0]!.key, 'Ada'));
    await waitFor(() =>
      expect(result.current.transcript.at(-1)).toMatchObject({ type: 'assistant', text: 'Hello, Ada!' }),
    );
    act(() => result.current.reset());
    await waitFor(() => expect(result.current.transcript).toEqual([]));
    expect(result.current.openPrompts).toEqual([]);
    expect(result.current.status).toBe('idle');
  });

  it('submit() rejects an answer the question does not accept: nothing is sent and the prompt stays ready', async () => {
    const recorder = recordingFetch();
    const { result } = renderHook(() => useAgentRun({ agentId: 'single', baseUrl, fetch: recorder.fetch }), {
      wrapper: withClient(newQueryClient()),
    });
    await act(() => result.current.send('Hi'));
    await waitFor(() => expect(result.current.openPrompts).toHaveLength(1), serverWait);
    const key = result.current.openPrompts[0]!.key;
    await expect(result.current.submit(key, 'Green')).rejects.toMatchObject({ code: 'invalid-answer' });
    expect(recorder.count('resume-stream')).toBe(0);
    expect(result.current.openPrompts).toHaveLength(1);
    expect(result.current.transcript.find((e) => e.type === 'prompt')).toMatchObject({ state: 'ready' });
  });

  it('starts a new conversation when the thread changes, and aborts the old stream', async () => {
    const recorder = recordingFetch();
    const first = conversation();
    const { result, rerender } = renderHook(
      (ids: { threadId: string; resourceId: string }) =>
        useAgentRun({ agentId: 'slow', baseUrl, ...ids, restore: false, fetch: recorder.fetch }),
      { wrapper: withClient(newQueryClient()), initialProps: first },
    );
    const before = result.current;
    act(() => void result.current.send('Hi'));
    await waitFor(() => expect(result.current.text).toContain('word'), serverWait);
    rerender({ ...first, threadId: uniqueId('thread') });
    expect(result.current.store).not.toBe(before.store);
    expect(result.current.transcript).toEqual([]);
    expect(result.current.status).toBe('idle');
    expect(result.current.send).toBe(before.send);
    await waitFor(() => expect(recorder.requests[0]!.signal!.aborted).toBe(true));
  });

  it('keeps the conversation when an inline transport is new on every render', async () => {
    const { createFetchTransport } = await import('@ask-user-kit/core');
    const { result, rerender } = renderHook(
      () => useAgentRun({ transport: createFetchTransport({ baseUrl, agentId: 'text' }), agentId: 'text' }),
      { wrapper: withClient(newQueryClient()) },
    );
    const store = result.current.store;
    await act(() => result.current.send('Hi'));
    await waitFor(() => expect(result.current.openPrompts).toHaveLength(1), serverWait);
    rerender();
    expect(result.current.store).toBe(store);
    await act(() => result.current.submit(result.current.openPrompts[0]!.key, 'Ada'));
    await waitFor(() => expect(result.current.text).toBe('Hello, Ada!'), serverWait);
  });

  it('throws a helpful error without a QueryClientProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAgentRun({ agentId: 'text', baseUrl }))).toThrow(
      'useAgentRun needs a QueryClient: wrap it in <QueryClientProvider> or pass { queryClient }.',
    );
  });
});

describe("submit and retry: the store holds each prompt's state", () => {
  /** A recorder whose first resume goes to a port nobody listens on: it fails as a real network error does. */
  async function firstResumeFails() {
    const port = await deadPort();
    let broken = true;
    return recordingFetch((url) => {
      if (!url.endsWith('/resume-stream') || !broken) return undefined;
      broken = false;
      return url.replace(baseUrl, `http://127.0.0.1:${port}`);
    });
  }

  it('run.store.submit() is the same submit: a failed one keeps its answer in the transcript, and run.retry() sends it again', async () => {
    const recorder = await firstResumeFails();
    const { result } = renderHook(() => useAgentRun({ agentId: 'text', baseUrl, fetch: recorder.fetch }), {
      wrapper: withClient(newQueryClient()),
    });
    await act(() => result.current.send('Hi'));
    await waitFor(() => expect(result.current.openPrompts).toHaveLength(1), serverWait);
    const key = result.current.openPrompts[0]!.key;

    // Straight to the store, as an app may: the run shows the same state as through run.submit().
    const failure = await act(() => result.current.store.submit(key, 'Ada').catch((error: unknown) => error));
    expect(failure).toBeInstanceOf(RequestError);
    expect(failure).toMatchObject({ code: 'network', promptKey: key });
    await waitFor(() =>
      expect(result.current.transcript[1]).toMatchObject({
        id: key,
        state: 'failed',
        answer: 'Ada',
        error: { code: 'network' },
      }),
    );
    expect(result.current.openPrompts.map((p) => p.key)).toEqual([key]);

    await act(() => result.current.retry(key));
    await waitFor(() => expect(result.current.text).toBe('Hello, Ada!'), serverWait);
    expect(result.current.transcript[1]).toMatchObject({ id: key, state: 'answered', answer: 'Ada' });
    expect(recorder.count('resume-stream')).toBe(2);
  });

  it('retry() refuses a prompt whose answer did not fail, and sends nothing', async () => {
    const recorder = recordingFetch();
    const { result } = renderHook(() => useAgentRun({ agentId: 'text', baseUrl, fetch: recorder.fetch }), {
      wrapper: withClient(newQueryClient()),
    });
    await act(() => result.current.send('Hi'));
    await waitFor(() => expect(result.current.openPrompts).toHaveLength(1), serverWait);
    const key = result.current.openPrompts[0]!.key;
    await expect(result.current.retry(key)).rejects.toBeInstanceOf(RequestError);
    expect(recorder.count('resume-stream')).toBe(0);
    expect(result.current.transcript[1]).toMatchObject({ state: 'ready' });
  });

  it('send, submit and retry all reject with RequestError', async () => {
    const { result } = renderHook(() => useAgentRun({ agentId: 'slow', baseUrl }), {
      wrapper: withClient(newQueryClient()),
    });
    await expect(result.current.send('  ')).rejects.toSatisfy(
      (e) => e instanceof RequestError && e.code === 'empty-message',
    );
    act(() => void result.current.send('Hi'));
    await waitFor(() => expect(result.current.status).toBe('streaming'));
    await expect(result.current.send('Again')).rejects.toSatisfy(
      (e) => e instanceof RequestError && e.code === 'busy',
    );
    await expect(result.current.submit('no-such-key', 'Ada')).rejects.toBeInstanceOf(RequestError);
    await expect(result.current.retry('no-such-key')).rejects.toBeInstanceOf(RequestError);
    act(() => result.current.cancel());
  });
});

describe('which conversation', () => {
  it.each([
    ['resourceId alone', { resourceId: uniqueId('user') }, 1],
    ['no id', {}, 0],
  ] as const)('%s: renders without throwing, and the run works', async (_name, ids, lists) => {
    const recorder = recordingFetch();
    const { result } = renderHook(
      () => useAgentRun({ agentId: 'text', baseUrl, fetch: recorder.fetch, ...ids }),
      {
        wrapper: withClient(newQueryClient()),
      },
    );
    await waitFor(() => expect(result.current.restoring).toBe(false), serverWait);
    await act(() => result.current.send('Hi'));
    await waitFor(() => expect(result.current.openPrompts).toHaveLength(1), serverWait);
    await act(() => result.current.submit(result.current.openPrompts[0]!.key, 'Ada'));
    await waitFor(() => expect(result.current.text).toBe('Hello, Ada!'), serverWait);
    // Restore lists by whichever id there is, and never without one (that would list everyone's runs).
    expect(recorder.count('suspended-runs')).toBe(lists);
  });

  it("apiPrefix: every request goes under Mastra's route prefix", async () => {
    // The test server serves /api: requests under the custom prefix are recorded, then sent there.
    const recorder = recordingFetch((url) => url.replace('/custom-api/', '/api/'));
    const ids = conversation();
    const { result } = renderHook(
      () =>
        useAgentRun({ agentId: 'text', baseUrl, apiPrefix: '/custom-api', fetch: recorder.fetch, ...ids }),
      { wrapper: withClient(newQueryClient()) },
    );
    await waitFor(() => expect(result.current.restoring).toBe(false), serverWait);
    await act(() => result.current.send('Hi'));
    await waitFor(() => expect(result.current.openPrompts).toHaveLength(1), serverWait);
    await act(() => result.current.submit(result.current.openPrompts[0]!.key, 'Ada'));
    await waitFor(() => expect(result.current.text).toBe('Hello, Ada!'), serverWait);
    const paths = recorder.requests.map((r) => new URL(r.url).pathname);
    expect(paths).toEqual([
      '/custom-api/agents/text/suspended-runs',
      '/custom-api/agents/text/stream',
      '/custom-api/agents/text/resume-stream',
    ]);
  });

  it('newThread: reads nothing on mount, sends initialMessage at once, and restore() still reads', async () => {
    const recorder = recordingFetch();
    const ids = conversation();
    const { result } = renderHook(
      () =>
        useAgentRun({
          agentId: 'text',
          baseUrl,
          ...ids,
          newThread: true,
          fetch: recorder.fetch,
          initialMessage: 'Hi',
        }),
      { wrapper: withClient(newQueryClient()) },
    );
    await waitFor(() => expect(result.current.status).toBe('awaiting-input'), serverWait);
    expect(recorder.count('stream')).toBe(1);
    expect(recorder.count('suspended-runs')).toBe(0);
    act(() => result.current.restore());
    await waitFor(() => expect(recorder.count('suspended-runs')).toBe(1));
  });
});

describe('two clients on one conversation', () => {
  it('when another client answered first, the question it led to shows up here too', async () => {
    const user = userEvent.setup();
    const ids = conversation();
    let here!: AgentRun;
    const mine = render(<Chat options={{ agentId: 'trip', baseUrl, ...ids }} onRun={(r) => (here = r)} />, {
      wrapper: withClient(newQueryClient()),
    });
    await user.click(within(mine.container).getByRole('button', { name: 'Start' }));
    const field = await within(mine.container).findByRole(
      'textbox',
      { name: 'Where would you like to go?' },
      serverWait,
    );

    // The same conversation in another tab: it answers first, and the run asks the next question.
    const other = render(<Chat options={{ agentId: 'trip', baseUrl, ...ids }} />, {
      wrapper: withClient(newQueryClient()),
    });
    await user.type(await within(other.container).findByRole('textbox', {}, serverWait), 'Lisbon{Enter}');
    await within(other.container).findByRole('radio', { name: 'Train' }, serverWait);

    const first = here.openPrompts[0]!.key;
    await user.type(field, 'Porto{Enter}');
    await waitFor(
      () => expect(here.openPrompts.map((p) => p.question)).toEqual(['How will you travel?']),
      serverWait,
    );
    expect(here.transcript.find((e) => e.id === first)).toMatchObject({
      state: expect.stringMatching(/^(answered-elsewhere|expired)$/),
    });
    await user.click(within(mine.container).getByRole('radio', { name: 'Plane' }));
    await user.click(within(mine.container).getByRole('button', { name: 'Send' }));
    await within(mine.container).findByRole('checkbox', { name: 'Hiking' }, serverWait);
  });
});

describe('without a QueryClient', () => {
  it('in a production build, leaves the error to TanStack Query (the how-to is for development)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('NODE_ENV', 'production');
    try {
      expect(() => renderHook(() => useAgentRun({ agentId: 'text', baseUrl }))).toThrow('No QueryClient set');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
