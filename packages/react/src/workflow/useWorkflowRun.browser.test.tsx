import axe from 'axe-core';
import { describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { useState } from 'react';
import { AskUserPrompt } from '../AskUserPrompt.tsx';
import { ResumeForm } from '../items/ResumeForm.tsx';
import { ToolApproval } from '../items/ToolApproval.tsx';
import { newQueryClient, uniqueId, withClient } from '../test/harness.tsx';
import { useWorkflowRun } from './useWorkflowRun.ts';
import '../styles.css';

// Real Chromium against the real expense workflow: every step answered from the keyboard alone.

async function axeViolations(container: Element) {
  const results = await axe.run(container);
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const serverWait = { timeout: 15_000 };

/** Presses Tab until `target` has focus (a few times at most), as a keyboard user moves to it. */
async function tabTo(target: { element(): Element }) {
  for (let presses = 0; presses < 8 && document.activeElement !== target.element(); presses++)
    await userEvent.keyboard('{Tab}');
  await expect.element(target as never).toHaveFocus();
}

function Expense({ workflowId, input }: { workflowId: string; input: unknown }) {
  const [runId] = useState(() => uniqueId('run'));
  const run = useWorkflowRun({ baseUrl: inject('mastraUrl'), workflowId, runId, newRun: true });
  const summary = (Object(run.outcome?.result) as { summary?: string }).summary;
  return (
    <main>
      <button type="button" onClick={() => void run.start(input)}>
        Start
      </button>
      {run.openPrompts.map((prompt) => (
        <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />
      ))}
      {run.items.map(({ item }) =>
        item.kind === 'approval' ? (
          <ToolApproval key={item.key} run={run} item={item} />
        ) : (
          <ResumeForm key={item.key} run={run} item={item} />
        ),
      )}
      <p>{summary}</p>
    </main>
  );
}

describe('useWorkflowRun in Chromium', () => {
  it('answers the expense workflow by keyboard: approval, then the cost-centre form; axe clean in each state', async () => {
    const input = { employee: 'Ana', amount: 120, description: 'Team dinner' };
    const screen = await render(<Expense workflowId="expense" input={input} />, {
      wrapper: withClient(newQueryClient()),
    });
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('button', { name: 'Start' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const approve = screen.getByRole('button', { name: 'Approve' });
    await expect.element(approve, serverWait).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
    await tabTo(approve);
    await userEvent.keyboard('{Enter}');

    const centre = screen.getByRole('combobox', { name: /Cost centre/i });
    await expect.element(centre, serverWait).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
    // Sent empty first, with Enter in the note: refused in the page, the field says why.
    const note = screen.getByRole('textbox', { name: /Note/ });
    await tabTo(note);
    await userEvent.keyboard('{Enter}');
    await expect.element(centre).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(screen.container)).toEqual([]);
    await userEvent.selectOptions(centre, 'Operations');
    await userEvent.click(note);
    await userEvent.keyboard('{Enter}');
    await expect
      .element(
        screen.getByText('Approved: 120 EUR for Team dinner by Ana, charged to Operations.'),
        serverWait,
      )
      .toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
  });
});
