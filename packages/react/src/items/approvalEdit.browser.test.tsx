import axe from 'axe-core';
import { editableApprovals, forms } from '@ask-user-kit/core/items';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { newQueryClient, recordingFetch, withClient } from '../test/harness.tsx';
import { useAgentRun } from '../useAgentRun.ts';
import { ResumeForm } from './ResumeForm.tsx';
import { budgetJsonSchema, tripJsonSchema } from './storyRun.tsx';
import { EditableToolApproval } from './EditableToolApproval.tsx';
import '../styles.css';

// Real Chromium against the real concierge whose booking is an `editableTool` behind the answer
// guard: the arguments edited by keyboard, checked in the browser, and the model's reply.

beforeEach(() => sessionStorage.clear());

async function axeViolations(container: Element) {
  const results = await axe.run(container);
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const items = [
  editableApprovals({ book_trip: tripJsonSchema }),
  forms.withResumeSchemas({ confirm_budget: budgetJsonSchema }),
];
const serverWait = { timeout: 15_000 };

describe('EditableToolApproval in Chromium', () => {
  it('edits by keyboard: an invalid value refused with no request, a failed approval kept for Retry, the change told to the model', async () => {
    const baseUrl = inject('mastraUrl');
    const resourceId = `browser-${crypto.randomUUID()}`;
    let failed = false;
    // The first approval goes to a route the server does not have: a real 404.
    const recorder = recordingFetch((url) => {
      if (failed || !url.endsWith('/resume-stream')) return undefined;
      failed = true;
      return url.replace(/resume-stream$/, 'no-such-route');
    });
    function Concierge() {
      const run = useAgentRun({
        agentId: 'editable-concierge',
        baseUrl,
        resourceId,
        items,
        fetch: recorder.fetch,
      });
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
              <EditableToolApproval key={item.key} run={run} item={item} />
            ),
          )}
        </main>
      );
    }
    const screen = await render(<Concierge />, { wrapper: withClient(newQueryClient()) });
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    const edit = screen.getByRole('button', { name: 'Edit' });
    await expect.element(edit, serverWait).toBeVisible();

    edit.element().focus();
    await userEvent.keyboard('{Enter}');
    const destination = screen.getByRole('textbox', { name: 'Destination' });
    await expect.element(destination).toHaveFocus();
    await expect.element(destination).toHaveValue('Lisbon');
    const nights = screen.getByRole('spinbutton', { name: 'Nights' });
    await expect.element(nights).toHaveValue(3);
    expect(await axeViolations(screen.container)).toEqual([]);

    await userEvent.keyboard('{Tab}');
    await expect.element(nights).toHaveFocus();
    await userEvent.keyboard('{Control>}a{/Control}2.5{Enter}');
    await expect.element(nights).toHaveAttribute('aria-invalid', 'true');
    await expect.element(nights).toHaveFocus();
    expect(recorder.count('resume-stream')).toBe(0);
    expect(recorder.count('approve-tool-call')).toBe(0);
    expect(await axeViolations(screen.container)).toEqual([]);

    await userEvent.keyboard('{Control>}a{/Control}4{Enter}');
    await expect.element(screen.getByRole('button', { name: 'Retry' }), serverWait).toBeVisible();
    // The edits stay on a failure; Enter (the form's submit) sends them again, as Retry does.
    await expect.element(nights).toHaveValue(4);
    expect(await axeViolations(screen.container)).toEqual([]);
    nights.element().focus();
    await userEvent.keyboard('{Enter}');

    const approval = screen.getByRole('form', { name: 'Book trip?' });
    await expect.element(approval, serverWait).toHaveAttribute('data-state', 'answered');
    const outcome = approval.element().querySelector('[data-part="answer"]');
    expect(outcome?.textContent).toBe('Approved with changes.');
    expect(recorder.count('resume-stream')).toBe(2);
    expect(await axeViolations(screen.container)).toEqual([]);

    const amount = screen.getByRole('spinbutton', { name: 'Amount' });
    await expect.element(amount, serverWait).toBeVisible();
    await userEvent.fill(amount, '90');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'EUR');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect
      .poll(() => screen.getByTestId('text').element().textContent, serverWait)
      .toContain('Booked 4 nights in Lisbon (reference LIS-4N, 840 EUR). You changed nights from 3 to 4.');
  });
});
