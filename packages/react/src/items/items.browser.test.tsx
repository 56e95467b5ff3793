import axe from 'axe-core';
import { approvals, forms } from '@ask-user-kit/core/items';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { newQueryClient, recordingFetch, withClient } from '../test/harness.tsx';
import { useAgentRun } from '../useAgentRun.ts';
import { ResumeForm } from './ResumeForm.tsx';
import { budgetJsonSchema } from './storyRun.tsx';
import { ToolApproval } from './ToolApproval.tsx';
import '../styles.css';

// Real Chromium against the real concierge: native number inputs and selects, real focus, and
// styles.css's colours for axe's contrast check in each state.

beforeEach(() => sessionStorage.clear());

async function axeViolations(container: Element) {
  const results = await axe.run(container);
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const items = [approvals, forms.withResumeSchemas({ confirm_budget: budgetJsonSchema })];
const serverWait = { timeout: 15_000 };

describe('ToolApproval and ResumeForm in Chromium', () => {
  it('approve, a refused form, then a sent one: axe clean in each state', async () => {
    const baseUrl = inject('mastraUrl');
    const resourceId = `browser-${crypto.randomUUID()}`;
    function Concierge() {
      const run = useAgentRun({ agentId: 'concierge', baseUrl, resourceId, items });
      return (
        <main>
          <button type="button" onClick={() => void run.send('Book my trip to Lisbon.')}>
            Start
          </button>
          <p data-testid="text">{run.text}</p>
          {run.items.map(({ item }) =>
            item.kind === 'form' ? (
              <ResumeForm key={item.key} run={run} item={item} />
            ) : (
              <ToolApproval key={item.key} run={run} item={item} />
            ),
          )}
        </main>
      );
    }
    const screen = await render(<Concierge />, { wrapper: withClient(newQueryClient()) });
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    const approve = screen.getByRole('button', { name: 'Approve' });
    await expect.element(approve, serverWait).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
    await userEvent.click(approve);

    const amount = screen.getByRole('spinbutton', { name: 'Amount' });
    await expect.element(amount, serverWait).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
    await userEvent.fill(amount, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(amount).toHaveAttribute('aria-invalid', 'true');
    await expect.element(amount).toHaveFocus();
    expect(await axeViolations(screen.container)).toEqual([]);

    await userEvent.fill(amount, '90');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'USD');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect
      .poll(() => screen.getByTestId('text').element().textContent, serverWait)
      .toContain('within 90 USD, strictly');
    expect(await axeViolations(screen.container)).toEqual([]);
  });
});

describe('a failed answer in Chromium', () => {
  it('focus goes to Retry, a submit button, once the disabled Approve dropped it; Enter sends the approval again', async () => {
    const baseUrl = inject('mastraUrl');
    const resourceId = `browser-${crypto.randomUUID()}`;
    let failed = false;
    // The first approval goes to a route the server does not have: a real 404.
    const recorder = recordingFetch((url) => {
      if (failed || !url.endsWith('/approve-tool-call')) return undefined;
      failed = true;
      return url.replace(/approve-tool-call$/, 'no-such-route');
    });
    function Concierge() {
      const run = useAgentRun({ agentId: 'concierge', baseUrl, resourceId, items, fetch: recorder.fetch });
      return (
        <main>
          <button type="button" onClick={() => void run.send('Book my trip to Lisbon.')}>
            Start
          </button>
          {run.items.map(({ item }) =>
            item.kind === 'approval' ? <ToolApproval key={item.key} run={run} item={item} /> : null,
          )}
        </main>
      );
    }
    const screen = await render(<Concierge />, { wrapper: withClient(newQueryClient()) });
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    const approve = screen.getByRole('button', { name: 'Approve' });
    await expect.element(approve, serverWait).toBeVisible();
    await userEvent.click(approve);
    const retry = screen.getByRole('button', { name: 'Retry' });
    await expect.element(retry, serverWait).toHaveFocus();
    await expect.element(retry).toHaveAttribute('type', 'submit');
    expect(await axeViolations(screen.container)).toEqual([]);
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('form', { name: 'Book trip?' }), serverWait)
      .toHaveAttribute('data-state', 'answered');
    expect(recorder.count('approve-tool-call')).toBe(2);
  });
});
