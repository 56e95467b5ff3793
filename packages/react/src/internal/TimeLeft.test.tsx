import { createRunStore, type AgentTransport, type RunStore } from '@ask-user-kit/core';
import type { SuspendedRun } from '@ask-user-kit/core/internal';
import { forms } from '@ask-user-kit/core/items';
import { act, render, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AskUserPrompt } from '../AskUserPrompt.tsx';
import { ResumeForm } from '../items/ResumeForm.tsx';
import { budgetJsonSchema } from '../items/storyRun.tsx';

const MINUTE = 60_000;
const NOW = Date.parse('2026-12-05T10:00:00.000Z');

const requests: string[] = [];
// The question closes by the clock alone: a request would be a bug.
const transport: AgentTransport = {
  stream: () => Promise.reject(new Error(`unexpected ${requests.push('stream')}`)),
  resume: () => Promise.reject(new Error(`unexpected ${requests.push('resume')}`)),
  listSuspended: () => Promise.reject(new Error(`unexpected ${requests.push('list')}`)),
};

const question = (expiresAt: number): SuspendedRun => ({
  runId: 'run-1',
  toolCalls: [
    { toolCallId: 'call_1', toolName: 'ask_user', suspendPayload: { question: 'Where to?', expiresAt } },
  ],
});

/** A page of a store's waiting entries, as useAgentRun gives them, each in its component. */
function Page({ store }: { store: RunStore }) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const run = { ...snapshot, store, submit: store.submit, retry: store.retry };
  return (
    <>
      {snapshot.transcript.map(
        (entry) =>
          entry.type === 'prompt' && <AskUserPrompt key={entry.id} run={run} prompt={entry.prompt} />,
      )}
      {snapshot.items.map(({ item }) => (
        <ResumeForm key={item.key} run={run} item={item} />
      ))}
    </>
  );
}

function renderStore(runs: SuspendedRun[]) {
  const store = createRunStore({ transport, items: [forms] });
  store.restore(runs);
  return { store, ...render(<Page store={store} />) };
}

const timeLeft = (container: HTMLElement) => container.querySelector('[data-part=time-left]');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  requests.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the time left to answer', () => {
  it('says it in whole minutes, updated each minute, with the deadline as a <time>', () => {
    const { container } = renderStore([question(NOW + 4 * MINUTE + 30_000)]);
    expect(timeLeft(container)).toHaveTextContent('Expires in 5 minutes');
    expect(container.querySelector('time')).toHaveAttribute('datetime', '2026-12-05T10:04:30.000Z');
    advance(30_000);
    expect(timeLeft(container)).toHaveTextContent('Expires in 4 minutes');
    advance(MINUTE - 1);
    expect(timeLeft(container)).toHaveTextContent('Expires in 4 minutes');
    advance(1);
    expect(timeLeft(container)).toHaveTextContent('Expires in 3 minutes');
  });

  it('is announced politely only at 5 minutes and 1 minute left, not on arrival nor each minute', () => {
    renderStore([question(NOW + 6 * MINUTE)]);
    const region = screen.getAllByRole('status').find((element) => element.closest('[data-part=time-left]'))!;
    expect(region).toHaveTextContent('');
    const said: string[] = [];
    for (let minute = 0; minute < 5; minute++) {
      advance(MINUTE);
      said.push(region.textContent ?? '');
    }
    expect(said).toEqual([
      'Expires in 5 minutes',
      'Expires in 5 minutes',
      'Expires in 5 minutes',
      'Expires in 5 minutes',
      'Expires in 1 minute',
    ]);
  });

  it('turns the question expired at the deadline, without a request', () => {
    const { container } = renderStore([question(NOW + 2 * MINUTE)]);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    advance(2 * MINUTE);
    expect(container.querySelector('form')).toHaveAttribute('data-state', 'expired');
    expect(timeLeft(container)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(container.querySelector('[data-part=error]')).toHaveTextContent(
      'This question was already answered or is no longer open.',
    );
    expect(requests).toEqual([]);
  });

  it('shows on a form too, and turns it expired at its deadline', () => {
    const { container } = renderStore([
      {
        runId: 'run-2',
        toolCalls: [
          {
            toolCallId: 'call_2',
            toolName: 'confirm_budget',
            suspendPayload: { message: 'Budget?', expiresAt: new Date(NOW + 90 * MINUTE).toISOString() },
            resumeSchema: budgetJsonSchema,
          },
        ],
      },
    ]);
    expect(timeLeft(container)).toHaveTextContent('Expires in 90 minutes');
    advance(90 * MINUTE);
    expect(container.querySelector('form')).toHaveAttribute('data-state', 'expired');
    expect(container.querySelector('[data-part=error]')).toHaveTextContent('This form is no longer open.');
  });

  it('shows nothing for a question without a deadline', () => {
    const { container } = renderStore([
      {
        runId: 'run-3',
        toolCalls: [{ toolCallId: 'c', toolName: 'ask_user', suspendPayload: { question: 'Q?' } }],
      },
    ]);
    expect(container.querySelector('form')).toBeInTheDocument();
    expect(timeLeft(container)).toBeNull();
  });
});
