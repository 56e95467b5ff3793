import { elicitations } from '@ask-user-kit/core/items';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { newQueryClient, recordingFetch, uniqueId } from '../test/harness.tsx';
import { useAgentRun } from '../useAgentRun.ts';
import { ResumeForm } from './ResumeForm.tsx';

// The booking agent of the tests' Mastra server calls a real MCP server whose tools elicit.

const serverWait = { timeout: 15_000 };
afterEach(() => sessionStorage.clear());

function Booking({ fetch, resourceId }: { fetch: typeof globalThis.fetch; resourceId: string }) {
  const run = useAgentRun({
    agentId: 'booking',
    baseUrl: inject('mastraUrl'),
    resourceId,
    items: [elicitations],
    fetch,
  });
  return (
    <main>
      <button type="button" onClick={() => void run.send('A table, please.')}>
        Book
      </button>
      <button type="button" onClick={() => void run.send('The deposit, please.')}>
        Deposit
      </button>
      <p data-testid="text">{run.text}</p>
      {run.items.map(({ item }) => (
        <ResumeForm key={item.key} run={run} item={item} />
      ))}
    </main>
  );
}

function renderBooking() {
  const recorder = recordingFetch();
  render(
    <QueryClientProvider client={newQueryClient()}>
      <Booking fetch={recorder.fetch} resourceId={uniqueId('guest')} />
    </QueryClientProvider>,
  );
  return recorder;
}

const lastResume = (recorder: ReturnType<typeof recordingFetch>) => recorder.count('resume-stream');

describe('<ResumeForm> with an MCP elicitation', () => {
  it('URL mode: following the link accepts, and the outcome says it was opened', async () => {
    const user = userEvent.setup();
    const recorder = renderBooking();
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    const form = await screen.findByRole('form', { name: 'Pay the deposit for booking B-42' }, serverWait);
    expect(lastResume(recorder)).toBe(0);
    await user.click(within(form).getByRole('link', { name: 'Open payments.example.com' }));
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'answered'), serverWait);
    expect(form.querySelector('[data-part="answer"]')).toHaveTextContent('Opened.');
    await waitFor(
      () =>
        expect(screen.getByTestId('text')).toHaveTextContent('The payment page for booking B-42 was opened.'),
      serverWait,
    );
    expect(lastResume(recorder)).toBe(1);
  });

  it('form mode: Cancel by keyboard, once; the outcome says it was cancelled', async () => {
    const user = userEvent.setup();
    const recorder = renderBooking();
    await user.click(screen.getByRole('button', { name: 'Book' }));
    const form = await screen.findByRole('form', { name: 'Booking details for Chez Nous' }, serverWait);
    within(form).getByRole('button', { name: 'Decline' }).focus();
    await user.tab();
    expect(within(form).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'answered'), serverWait);
    expect(form.querySelector('[data-part="answer"]')).toHaveTextContent('Cancelled.');
    await waitFor(
      () => expect(screen.getByTestId('text')).toHaveTextContent("Tool 'book_table' was cancelled"),
      serverWait,
    );
    expect(lastResume(recorder)).toBe(1);
  });
});
