import axe from 'axe-core';
import { approvals, forms } from '@ask-user-kit/core/items';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { newQueryClient, withClient } from '../test/harness.tsx';
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

    const amount = screen.getByRole('spinbutton', { name: 'amount' });
    await expect.element(amount, serverWait).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
    await userEvent.fill(amount, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(amount).toHaveAttribute('aria-invalid', 'true');
    await expect.element(amount).toHaveFocus();
    expect(await axeViolations(screen.container)).toEqual([]);

    await userEvent.fill(amount, '90');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'currency' }), 'USD');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect
      .poll(() => screen.getByTestId('text').element().textContent, serverWait)
      .toContain('within 90 USD, strictly');
    expect(await axeViolations(screen.container)).toEqual([]);
  });
});
