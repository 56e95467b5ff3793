import { approvals, forms } from '@ask-user-kit/core/items';
import { budgetSchema } from '@ask-user-kit/testing/demo';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { newQueryClient, recordingFetch, uniqueId } from '../test/harness.tsx';
import type { SuspensionItem } from '@ask-user-kit/core';
import { useEffect, useState, type ReactNode } from 'react';
import { AskUserPrompt } from '../AskUserPrompt.tsx';
import { useAgentRun, type UseAgentRunOptions, type AgentRun } from '../useAgentRun.ts';
import { ResumeForm } from './ResumeForm.tsx';
import { ToolApproval } from './ToolApproval.tsx';

const baseUrl = inject('mastraUrl');
// Waiting for a real server, not measuring it: generous, so a loaded machine does not fail a test.
const serverWait = { timeout: 15_000 };
const items = [approvals, forms.withResumeSchemas({ confirm_budget: z.toJSONSchema(budgetSchema) })];

type ItemView = (run: AgentRun, item: SuspensionItem) => ReactNode;

/** Each item with its component's default layout. */
const defaultView: ItemView = (run, item) =>
  item.kind === 'form' || (item.kind === 'malformed' && item.of === 'form') ? (
    <ResumeForm key={item.key} run={run} item={item} />
  ) : (
    <ToolApproval key={item.key} run={run} item={item} />
  );

/** A chat with the concierge that renders every item with `view` (by default, each component). */
function Concierge({ options, view = defaultView }: { options: UseAgentRunOptions; view?: ItemView }) {
  const run = useAgentRun(options);
  return (
    <main>
      <p data-testid="status">{run.status}</p>
      <p data-testid="text">{run.text}</p>
      <button type="button" onClick={() => void run.send('Book my trip to Lisbon.')}>
        Start
      </button>
      {run.items.map(({ item }) => view(run, item))}
    </main>
  );
}

/** Shows a form only a moment after the approval was answered, as when it comes later in the stream. */
function AfterApproval({ run, children }: { run: AgentRun; children: ReactNode }) {
  const approved = run.items.some(({ item, state }) => item.kind === 'approval' && state === 'answered');
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!approved) return;
    const timer = setTimeout(() => setShown(true), 100);
    return () => clearTimeout(timer);
  }, [approved]);
  return shown ? children : null;
}

const lateFormView: ItemView = (run, item) =>
  item.kind === 'form' ? (
    <AfterApproval key={item.key} run={run}>
      {defaultView(run, item)}
    </AfterApproval>
  ) : (
    defaultView(run, item)
  );

function renderConcierge(view?: ItemView, intercept?: Parameters<typeof recordingFetch>[0]) {
  const recorder = recordingFetch(intercept);
  const conversation = { resourceId: uniqueId('user'), threadId: uniqueId('thread') };
  const options: UseAgentRunOptions = {
    baseUrl,
    agentId: 'concierge',
    fetch: recorder.fetch,
    items,
    ...conversation,
  };
  const rendered = render(
    <QueryClientProvider client={newQueryClient()}>
      <Concierge options={options} view={view} />
    </QueryClientProvider>,
  );
  return { ...rendered, recorder, options };
}

afterEach(() => sessionStorage.clear());

const approvalForm = () => screen.findByRole('form', { name: 'Book trip?' }, serverWait);
const budgetForm = () => screen.findByRole('form', { name: 'Confirm budget' }, serverWait);

describe('<ToolApproval> and <ResumeForm> with the concierge', () => {
  it('approve, then the generated form refuses bad data with no request and sends good data', async () => {
    const user = userEvent.setup();
    const { recorder } = renderConcierge();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const approval = await approvalForm();
    expect(approval).toHaveAttribute('data-state', 'ready');
    // The arguments, readably.
    expect(within(approval).getByText('Destination').nextSibling).toHaveTextContent('Lisbon');
    expect(within(approval).getByText('Total').nextSibling).toHaveTextContent('840');
    await user.click(within(approval).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approval).toHaveAttribute('data-state', 'answered'), serverWait);
    expect(approval).toHaveTextContent('Approved.');

    const form = await budgetForm();
    const sent = recorder.requests.length;
    const amount = within(form).getByRole('spinbutton', { name: 'Amount' });
    await user.type(amount, '0');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    // Refused in the browser: messages next to the fields, focus on the first, no request.
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(/Enter 1 or more\./);
    expect(within(form).getByRole('combobox', { name: 'Currency' })).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(amount).toHaveFocus();
    expect(recorder.requests.length).toBe(sent);

    await user.clear(amount);
    await user.type(amount, '300');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Currency' }), 'JPY');
    await user.type(within(form).getByRole('textbox', { name: /Notes/ }), 'No museums');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'answered'), serverWait);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('done'), serverWait);
    expect(screen.getByTestId('text')).toHaveTextContent(
      'I will plan activities within 300 JPY, strictly. Noted: No museums.',
    );
    expect(recorder.requests.length).toBe(sent + 1);
    expect(new URL(recorder.requests.at(-1)!.url).pathname).toMatch(/\/resume-stream$/);
  });

  it('a form that arrives after the approval settled takes focus from its outcome', async () => {
    const user = userEvent.setup();
    renderConcierge(lateFormView);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const approval = await approvalForm();
    await user.click(within(approval).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approval).toHaveAttribute('data-state', 'answered'), serverWait);
    // Nothing else is open yet: focus rests on the outcome.
    expect(approval.querySelector('[data-part=answer]')).toHaveFocus();
    const form = await budgetForm();
    await waitFor(() => expect(within(form).getByRole('spinbutton', { name: 'Amount' })).toHaveFocus());
  });

  it('declines with a reason by keyboard: the agent says it did not book', async () => {
    const user = userEvent.setup();
    const { recorder } = renderConcierge();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const approval = await approvalForm();
    await user.click(within(approval).getByRole('textbox', { name: /Reason/ }));
    await user.keyboard('Too expensive');
    await user.tab();
    await user.tab();
    expect(within(approval).getByRole('button', { name: 'Decline' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(approval).toHaveAttribute('data-state', 'answered'), serverWait);
    expect(approval).toHaveTextContent('Declined: Too expensive');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('done'), serverWait);
    expect(screen.getByTestId('text').textContent).toMatch(/did not book Lisbon/);
    expect(recorder.count('decline-tool-call')).toBe(1);
  });

  it('a double click approves once', async () => {
    const user = userEvent.setup();
    const { recorder } = renderConcierge();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const approval = await approvalForm();
    await user.dblClick(within(approval).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approval).toHaveAttribute('data-state', 'answered'), serverWait);
    expect(recorder.count('approve-tool-call')).toBe(1);
  });

  it('after a reload, restores the pending approval, then the pending form with its draft', async () => {
    const user = userEvent.setup();
    const first = renderConcierge();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await approvalForm();
    first.unmount();

    // A reload: a new hook on the same conversation lists the suspended runs.
    const second = render(
      <QueryClientProvider client={newQueryClient()}>
        <Concierge options={first.options} />
      </QueryClientProvider>,
    );
    const approval = await approvalForm();
    await user.click(within(approval).getByRole('button', { name: 'Approve' }));
    const form = await budgetForm();
    await user.type(within(form).getByRole('spinbutton', { name: 'Amount' }), '42');
    second.unmount();

    render(
      <QueryClientProvider client={newQueryClient()}>
        <Concierge options={first.options} />
      </QueryClientProvider>,
    );
    const restored = await budgetForm();
    // The draft survived the reload; the schema came from forms.withResumeSchemas.
    await waitFor(() => expect(within(restored).getByRole('spinbutton', { name: 'Amount' })).toHaveValue(42));
    await user.selectOptions(within(restored).getByRole('combobox', { name: 'Currency' }), 'EUR');
    await user.click(within(restored).getByRole('checkbox', { name: /Flexible/ }));
    await user.click(within(restored).getByRole('button', { name: 'Send' }));
    await waitFor(
      () => expect(screen.getByTestId('text')).toHaveTextContent('within 42 EUR, with a little leeway'),
      serverWait,
    );
  });
});

/** A layout of the app's own: its order, its words, its element around the title. */
const approvalLayout: ItemView = (run, item) =>
  item.kind === 'form' ? (
    <ResumeForm key={item.key} run={run} item={item} />
  ) : (
    <ToolApproval.Root key={item.key} run={run} item={item} className="booking" data-testid="approval">
      <header>
        <ToolApproval.Title />
      </header>
      <ToolApproval.Arguments />
      <ToolApproval.Reason placeholder="Why not?" />
      <ToolApproval.Decline>Not now</ToolApproval.Decline>
      <ToolApproval.Approve>Book it</ToolApproval.Approve>
      <ToolApproval.Retry />
      <ToolApproval.Error />
      <ToolApproval.Answer />
      <ToolApproval.Status />
    </ToolApproval.Root>
  );

/** The budget form with its fields in an order of the app's own, and no notes field. */
const formLayout: ItemView = (run, item) =>
  item.kind === 'form' ? (
    <ResumeForm.Root key={item.key} run={run} item={item} data-testid="budget">
      <ResumeForm.Title />
      <ResumeForm.Field name="currency" className="currency" />
      <ResumeForm.Field name="amount" />
      <ResumeForm.Field name="flexible" />
      <ResumeForm.Field name="not-in-the-schema" />
      <ResumeForm.Submit>Confirm budget</ResumeForm.Submit>
      <ResumeForm.Retry />
      <ResumeForm.Error />
      <ResumeForm.Answer />
      <ResumeForm.Status />
    </ResumeForm.Root>
  ) : (
    <ToolApproval key={item.key} run={run} item={item} />
  );

describe('<ToolApproval> and <ResumeForm> speak as people do', () => {
  it('names the tool, its arguments and the fields in words, not code names', async () => {
    const user = userEvent.setup();
    renderConcierge();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    // book_trip, destination, nights: the tool's and the properties' names, tidied.
    const approval = await approvalForm();
    expect(within(approval).getByText('Nights').nextSibling).toHaveTextContent('3');
    expect(approval).not.toHaveTextContent('book_trip');
    await user.click(within(approval).getByRole('button', { name: 'Approve' }));
    // confirm_budget, amount, currency, flexible: the same.
    const form = await budgetForm();
    expect(within(form).getByRole('spinbutton', { name: 'Amount' })).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Currency' })).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Flexible' })).toBeInTheDocument();
    expect(form.textContent).not.toMatch(/confirm_budget|amount|currency|flexible/);
  });

  it("a field's message goes as soon as the field is valid, not at the next send", async () => {
    const user = userEvent.setup();
    renderConcierge();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.click(within(await approvalForm()).getByRole('button', { name: 'Approve' }));
    const form = await budgetForm();
    const amount = within(form).getByRole('spinbutton', { name: 'Amount' });
    const currency = within(form).getByRole('combobox', { name: 'Currency' });
    await user.type(amount, '-5');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(amount).toHaveAccessibleDescription(/Enter 1 or more\./);
    expect(form).toHaveTextContent('2 fields need attention.');

    await user.clear(amount);
    await user.type(amount, '300');
    // Fixed: its message is gone; the field still wrong keeps its own.
    expect(amount).not.toHaveAttribute('aria-invalid');
    expect(form).not.toHaveTextContent('Enter 1 or more.');
    expect(currency).toHaveAccessibleDescription('This field is required.');
    expect(form).toHaveTextContent('1 field needs attention.');

    await user.selectOptions(currency, 'EUR');
    expect(currency).not.toHaveAttribute('aria-invalid');
    expect(form).not.toHaveAttribute('data-invalid');
    expect(form).not.toHaveTextContent('need attention');
  });

  it('an answered form shows what was sent, field by field', async () => {
    const user = userEvent.setup();
    renderConcierge();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.click(within(await approvalForm()).getByRole('button', { name: 'Approve' }));
    const form = await budgetForm();
    await user.type(within(form).getByRole('spinbutton', { name: 'Amount' }), '300');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Currency' }), 'JPY');
    await user.type(within(form).getByRole('textbox', { name: /Notes/ }), 'No museums');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'answered'), serverWait);
    const outcome = form.querySelector<HTMLElement>('[data-part=answer]')!;
    expect(outcome).toHaveTextContent('Sent.');
    const value = (name: string) => within(outcome).getByText(name).nextSibling;
    expect(value('Amount')).toHaveTextContent('300');
    expect(value('Currency')).toHaveTextContent('JPY');
    expect(value('Flexible')).toHaveTextContent('No');
    expect(value('Notes')).toHaveTextContent('No museums');
  });
});

describe('compound parts with the concierge', () => {
  it('<ToolApproval.Root> with parts of its own declines with a reason; focus stays on the outcome', async () => {
    const user = userEvent.setup();
    const { recorder } = renderConcierge(approvalLayout);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const approval = await approvalForm();
    // The kit's attributes, then the app's props.
    expect(approval).toHaveAttribute('data-testid', 'approval');
    expect(approval).toHaveClass('booking');
    expect(approval).toHaveAttribute('data-kind', 'approval');
    expect(within(approval).getByText('Destination').nextSibling).toHaveTextContent('Lisbon');
    const reason = within(approval).getByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveAttribute('placeholder', 'Why not?');
    await user.type(reason, 'Too expensive');
    await user.click(within(approval).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(approval).toHaveAttribute('data-state', 'answered'), serverWait);
    // The outcome (not the live region, which says it too) has focus: nothing else is open.
    const outcome = approval.querySelector('[data-part=answer]');
    expect(outcome).toHaveTextContent('Declined: Too expensive');
    expect(outcome).toHaveFocus();
    expect(within(approval).queryByRole('button', { name: 'Book it' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('done'), serverWait);
    expect(screen.getByTestId('text').textContent).toMatch(/did not book Lisbon/);
    expect(recorder.count('decline-tool-call')).toBe(1);
    expect(recorder.count('approve-tool-call')).toBe(0);
  });

  it('<ResumeForm.Root> with fields by name refuses bad data, sends good data, and keeps focus on the outcome', async () => {
    const user = userEvent.setup();
    const { recorder } = renderConcierge(formLayout);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.click(within(await approvalForm()).getByRole('button', { name: 'Approve' }));
    const form = await screen.findByTestId('budget', {}, serverWait);
    expect(form).toHaveAccessibleName('Confirm budget');
    // The app's order; a field the schema does not have renders nothing.
    const currency = within(form).getByRole('combobox', { name: 'Currency' });
    const amount = within(form).getByRole('spinbutton', { name: 'Amount' });
    expect(currency.compareDocumentPosition(amount) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(currency.closest('[data-part=field]')).toHaveClass('currency');
    expect(within(form).queryByRole('textbox', { name: /Notes/ })).toBeNull();

    const sent = recorder.requests.length;
    await user.click(within(form).getByRole('button', { name: 'Confirm budget' }));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(currency).toHaveAccessibleDescription('This field is required.');
    expect(amount).toHaveFocus();
    expect(recorder.requests.length).toBe(sent);

    await user.type(amount, '300');
    await user.selectOptions(currency, 'EUR');
    await user.click(within(form).getByRole('checkbox', { name: /Flexible/ }));
    await user.click(within(form).getByRole('button', { name: 'Confirm budget' }));
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'answered'), serverWait);
    const outcome = form.querySelector('[data-part=answer]');
    expect(outcome).toHaveTextContent('Sent.');
    expect(outcome).toHaveFocus();
    await waitFor(
      () => expect(screen.getByTestId('text')).toHaveTextContent('within 300 EUR, with a little leeway'),
      serverWait,
    );
    expect(recorder.requests.length).toBe(sent + 1);
  });

  it('once approved, focus moves to the next open prompt on the page', async () => {
    const user = userEvent.setup();
    const conversation = { resourceId: uniqueId('user'), threadId: uniqueId('thread') };
    const otherUser = uniqueId('user');
    function Page() {
      const concierge = useAgentRun({ baseUrl, agentId: 'concierge', items, ...conversation });
      const other = useAgentRun({ baseUrl, agentId: 'text', resourceId: otherUser });
      return (
        <main>
          <button
            type="button"
            onClick={() => {
              void concierge.send('Book my trip to Lisbon.');
              void other.send('Hello');
            }}
          >
            Start
          </button>
          {/* Only the approval: the prompt is then the one open thing left once it is answered. */}
          {concierge.items
            .filter(({ item }) => item.kind === 'approval')
            .map(({ item }) => defaultView(concierge, item))}
          {other.openPrompts.map((prompt) => (
            <AskUserPrompt key={prompt.key} run={other} prompt={prompt} />
          ))}
        </main>
      );
    }
    render(
      <QueryClientProvider client={newQueryClient()}>
        <Page />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const approval = await approvalForm();
    const name = await screen.findByRole('textbox', { name: 'What is your name?' }, serverWait);
    await user.click(within(approval).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(name).toHaveFocus(), serverWait);
  });
});

/** Sends the first request to `route` to a route the server does not have: a real 404, once. */
function failFirst(route: string): Parameters<typeof recordingFetch>[0] {
  let failed = false;
  return (url) => {
    if (failed || !url.endsWith(`/${route}`)) return undefined;
    failed = true;
    return url.replace(new RegExp(`${route}$`), 'no-such-route');
  };
}

describe('an answer the run refuses while it is busy', () => {
  it('says so where errors go, as a prompt does, and stays ready; an edit clears it', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const held = new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
    let streams = 0;
    // The second message is held on its way: the run is busy with it while the approval waits.
    const { recorder } = renderConcierge(undefined, (url) => {
      if (!url.endsWith('/stream')) return undefined;
      streams += 1;
      return streams === 2 ? held : undefined;
    });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const approval = await approvalForm();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.click(within(approval).getByRole('button', { name: 'Approve' }));
    const busy = 'The agent is still busy. Send your answer again once it is done.';
    await waitFor(() => expect(approval.querySelector('[data-part=error]')).toHaveTextContent(busy));
    expect(approval).toHaveAttribute('data-state', 'ready');
    expect(recorder.count('approve-tool-call')).toBe(0);
    await user.type(within(approval).getByRole('textbox', { name: /Reason/ }), 'x');
    expect(approval.querySelector('[data-part=error]')).toBeNull();
    release();
  });
});

describe('a failed answer: the same Retry in <ToolApproval> and <ResumeForm>', () => {
  it('while sending: as a prompt, aria-busy, data-disabled, controls disabled, "Sending your answer…"', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const held = new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
    // The approval is held until the test has looked at the submitting state, then goes out.
    renderConcierge(undefined, (url) => (url.endsWith('/approve-tool-call') ? held : undefined));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const approval = await approvalForm();
    await user.click(within(approval).getByRole('button', { name: 'Approve' }));
    expect(approval).toHaveAttribute('data-state', 'submitting');
    expect(approval).toHaveAttribute('aria-busy', 'true');
    expect(approval).toHaveAttribute('data-disabled');
    expect(within(approval).getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(within(approval).getByRole('textbox', { name: /Reason/ })).toBeDisabled();
    expect(within(approval).getByRole('status')).toHaveTextContent('Sending your answer…');
    release();
    await waitFor(() => expect(approval).toHaveAttribute('data-state', 'answered'), serverWait);
    expect(approval).not.toHaveAttribute('data-disabled');
  });

  it('approval: Retry is the submit button, described by the error and focused; Enter sends the approval again', async () => {
    const user = userEvent.setup();
    const { recorder } = renderConcierge(undefined, failFirst('approve-tool-call'));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const approval = await approvalForm();
    // Announced as a prompt's question is, politely.
    await waitFor(() =>
      expect(within(approval).getByRole('status')).toHaveTextContent('New question: Book trip?'),
    );
    await user.click(within(approval).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approval).toHaveAttribute('data-state', 'failed'), serverWait);
    // The prompt's words, said by the live region and shown where errors go (no second, assertive alert).
    expect(within(approval).getByRole('status').textContent).toMatch(/^Your answer could not be sent: .*404/);
    expect(within(approval).queryByRole('alert')).toBeNull();
    const retry = within(approval).getByRole('button', { name: 'Retry' });
    expect(retry).toHaveAttribute('type', 'submit');
    expect(retry).toHaveAccessibleDescription(/^Your answer could not be sent: .*404/);
    expect(retry).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(approval).toHaveAttribute('data-state', 'answered'), serverWait);
    expect(recorder.count('approve-tool-call')).toBe(2);
  });

  it('form: sent by Enter in a field, a failed answer gives focus back to that field, as a prompt does', async () => {
    const user = userEvent.setup();
    renderConcierge(undefined, failFirst('resume-stream'));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.click(within(await approvalForm()).getByRole('button', { name: 'Approve' }));
    const form = await budgetForm();
    const amount = within(form).getByRole('spinbutton', { name: 'Amount' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Currency' }), 'EUR');
    await user.type(amount, '300{Enter}');
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'failed'), serverWait);
    expect(amount).toHaveFocus();
    expect(amount).toHaveValue(300);
  });

  it('form: Retry is the submit button, described by the error and focused; Enter sends the data again', async () => {
    const user = userEvent.setup();
    const { recorder } = renderConcierge(undefined, failFirst('resume-stream'));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.click(within(await approvalForm()).getByRole('button', { name: 'Approve' }));
    const form = await budgetForm();
    await user.type(within(form).getByRole('spinbutton', { name: 'Amount' }), '300');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Currency' }), 'EUR');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'failed'), serverWait);
    expect(within(form).getByRole('status').textContent).toMatch(/^Your answer could not be sent: .*404/);
    expect(within(form).queryByRole('alert')).toBeNull();
    const retry = within(form).getByRole('button', { name: 'Retry' });
    expect(retry).toHaveAttribute('type', 'submit');
    expect(retry).toHaveAccessibleDescription(/^Your answer could not be sent: .*404/);
    expect(retry).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'answered'), serverWait);
    await waitFor(() => expect(screen.getByTestId('text')).toHaveTextContent('within 300 EUR'), serverWait);
    expect(recorder.count('resume-stream')).toBe(2);
  });
});

describe('useAgentRun without item kinds', () => {
  it('without item kinds, says in development which waiting tool nothing shows', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const conversation = { resourceId: uniqueId('user'), threadId: uniqueId('thread') };
    render(
      <QueryClientProvider client={newQueryClient()}>
        <Concierge options={{ baseUrl, agentId: 'concierge', ...conversation }} />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('awaiting-input'), serverWait);
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('"book_trip"')));
    expect(warn.mock.calls.flat().join('\n')).toContain('items: [approvals, forms]');
    warn.mockRestore();
  });
});
