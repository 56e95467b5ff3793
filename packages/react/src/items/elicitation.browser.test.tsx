import axe from 'axe-core';
import { elicitations } from '@ask-user-kit/core/items';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { newQueryClient, recordingFetch, withClient } from '../test/harness.tsx';
import { useAgentRun } from '../useAgentRun.ts';
import { ResumeForm } from './ResumeForm.tsx';
import '../styles.css';

// Real Chromium against a real Mastra server whose agent calls a real MCP server: its
// elicitations answered by keyboard alone, axe clean in each state.

beforeEach(() => sessionStorage.clear());

async function axeViolations(container: Element) {
  const results = await axe.run(container);
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const serverWait = { timeout: 15_000 };
// The testing package's bookings server asks for its deposit there (its `DEPOSIT_URL`).
const DEPOSIT_URL = 'https://payments.example.com/deposit/42';

function renderBooking() {
  const recorder = recordingFetch();
  const baseUrl = inject('mastraUrl');
  const resourceId = `elicit-${crypto.randomUUID()}`;
  function Booking() {
    const run = useAgentRun({
      agentId: 'booking',
      baseUrl,
      resourceId,
      items: [elicitations],
      fetch: recorder.fetch,
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
  return { recorder, rendered: render(<Booking />, { wrapper: withClient(newQueryClient()) }) };
}

describe('an MCP elicitation in Chromium, by keyboard', () => {
  it('form mode: refused with no request, then accepted; the server is named; axe clean throughout', async () => {
    const { recorder, rendered } = renderBooking();
    const screen = await rendered;
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    const form = screen.getByRole('form', { name: 'Booking details for Chez Nous' });
    await expect.element(form, serverWait).toBeVisible();
    await expect.element(screen.getByText('Asked by the MCP server “bookings”')).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);

    // Tab from the page into the first field, type a bad address, send with Enter.
    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.keyboard('Ada');
    await userEvent.tab();
    await expect.element(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    await userEvent.keyboard('not an address{Enter}');
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await expect.element(email).toHaveAttribute('aria-invalid', 'true');
    await expect.element(email).toHaveFocus();
    expect(recorder.count('resume-stream')).toBe(0);
    expect(await axeViolations(screen.container)).toEqual([]);

    await userEvent.fill(email, 'ada@example.com');
    await userEvent.fill(screen.getByLabelText('Date'), '2026-12-24');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Seating (optional)' }), 'At the bar');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vegan' }));
    await userEvent.click(email);
    await userEvent.keyboard('{Enter}');
    await expect
      .poll(() => screen.getByTestId('text').element().textContent, serverWait)
      .toContain('Booked Chez Nous for 2 on 2026-12-24 (Ada).');
    await expect.element(form).toHaveAttribute('data-state', 'answered');
    expect(form.element().querySelector('[data-part="answer"]')?.textContent).toMatch(/^Sent\.Name.*Ada/);
    expect(recorder.count('resume-stream')).toBe(1);
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  it('URL mode: a link to the page and its address, never a form; declined by keyboard, which shows', async () => {
    const { rendered } = renderBooking();
    const screen = await rendered;
    await userEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    const link = screen.getByRole('link', { name: 'Open payments.example.com' });
    await expect.element(link, serverWait).toBeVisible();
    await expect.element(link).toHaveAttribute('href', DEPOSIT_URL);
    await expect.element(link).toHaveAttribute('target', '_blank');
    await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect.element(screen.getByText(DEPOSIT_URL)).toBeVisible();
    await expect.element(screen.getByText('Asked by the MCP server “bookings”')).toBeVisible();
    expect(screen.container.querySelectorAll('input, select, textarea')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send' }).query()).toBeNull();
    expect(await axeViolations(screen.container)).toEqual([]);

    // Not followed: from the link, Tab goes to Decline, and Enter declines.
    (link.element() as HTMLElement).focus();
    await userEvent.tab();
    await expect.element(screen.getByRole('button', { name: 'Decline' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect
      .poll(() => screen.getByTestId('text').element().textContent, serverWait)
      .toContain("Tool 'pay_deposit' was declined");
    const form = screen.getByRole('form', { name: 'Pay the deposit for booking B-42' });
    await expect.element(form).toHaveAttribute('data-state', 'answered');
    const outcome = form.element().querySelector('[data-part="answer"]');
    expect(outcome?.textContent).toBe('Declined.');
    expect(document.activeElement).toBe(outcome);
    expect(await axeViolations(screen.container)).toEqual([]);
  });
});
