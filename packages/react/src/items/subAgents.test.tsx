import { approvals, forms } from '@ask-user-kit/core/items';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, inject, it } from 'vitest';
import { AskUserPrompt } from '../AskUserPrompt.tsx';
import { expectNoAxeViolations } from '../test/axe.ts';
import { newQueryClient, uniqueId } from '../test/harness.tsx';
import { useAgentRun } from '../useAgentRun.ts';
import { ToolApproval } from './ToolApproval.tsx';

const baseUrl = inject('mastraUrl');
const serverWait = { timeout: 15_000 };
const items = [approvals, forms];

function Supervisor({ resourceId }: { resourceId: string }) {
  const run = useAgentRun({ agentId: 'supervisor', baseUrl, resourceId, items });
  return (
    <main>
      <p data-testid="status">{run.status}</p>
      <p data-testid="text">{run.text}</p>
      <button type="button" onClick={() => void run.send('Ship the site.')}>
        Start
      </button>
      {run.openPrompts.map((prompt) => (
        <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />
      ))}
      {run.items.map(({ item }) => (
        <ToolApproval key={item.key} run={run} item={item} />
      ))}
    </main>
  );
}

describe("a supervisor's sub-agents in the components", () => {
  it('say which sub-agent asks, in the question and in the approval, and are answered to the end', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <QueryClientProvider client={newQueryClient()}>
        <Supervisor resourceId={uniqueId('supervisor')} />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('group', { name: 'Designer asks: Which colour should the site be?' }, serverWait);
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('radio', { name: 'Teal' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const approval = await screen.findByRole('form', { name: 'Ops asks: Deploy?' }, serverWait);
    expect(approval).toHaveTextContent('production');
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('done'), serverWait);
    expect(screen.getByTestId('text')).toHaveTextContent('Colour: Teal.');
  });
});
