import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, inject, it } from 'vitest';
import { newQueryClient, uniqueId, withClient } from '../test/harness.tsx';
import { useWorkflowRun, type UseWorkflowRunOptions } from '../workflow.ts';

const baseUrl = inject('mastraUrl');
// Waiting for a real server, not measuring it: generous, so a loaded machine does not fail a test.
const serverWait = { timeout: 15_000 };
const claim = { employee: 'Ana', amount: 120, description: 'Team dinner' };

function renderRun(options: Partial<UseWorkflowRunOptions> & { runId: string }) {
  const client = newQueryClient();
  const given = { baseUrl, workflowId: 'expense', ...options };
  return renderHook((props: UseWorkflowRunOptions) => useWorkflowRun(props), {
    initialProps: given,
    wrapper: withClient(client),
  });
}

describe('useWorkflowRun', () => {
  it('runs the expense workflow to its summary: an approval, then a form', serverWait, async () => {
    const runId = uniqueId('expense');
    const { result } = renderRun({ runId, newRun: true });
    await act(() => result.current.start(claim));
    const [approval] = result.current.openItems;
    expect(approval).toMatchObject({ kind: 'approval', toolName: 'manager-approval', args: claim });
    expect(result.current.status).toBe('awaiting-input');
    expect(result.current.outcome).toBeUndefined();

    await act(() => result.current.submit(approval!.key, { type: 'approve' } as never));
    const [form] = result.current.openItems;
    expect(form).toMatchObject({ kind: 'form', toolName: 'cost-centre' });
    await act(() => result.current.submit(form!.key, { costCentre: 'Engineering' } as never));

    expect(result.current.status).toBe('done');
    await waitFor(() =>
      expect(result.current.outcome).toMatchObject({
        status: 'success',
        result: { summary: 'Approved: 120 EUR for Team dinner by Ana, charged to Engineering.' },
      }),
    );
  });

  it(
    'brings a waiting step back in a new page from the run id, and a finished run with its result',
    serverWait,
    async () => {
      const runId = uniqueId('expense');
      const first = renderRun({ runId, newRun: true });
      await act(() => first.result.current.start(claim));
      first.unmount();

      const reloaded = renderRun({ runId });
      expect(reloaded.result.current.restoring).toBe(true);
      await waitFor(() => expect(reloaded.result.current.openItems).toHaveLength(1));
      const [approval] = reloaded.result.current.openItems;
      expect(approval).toMatchObject({ kind: 'approval', args: claim });
      await act(() =>
        reloaded.result.current.submit(approval!.key, { type: 'decline', reason: 'No receipt' } as never),
      );
      expect(reloaded.result.current.status).toBe('done');
      reloaded.unmount();

      const later = renderRun({ runId });
      await waitFor(() =>
        expect(later.result.current.outcome?.result).toEqual({
          summary: 'Declined: 120 EUR for Team dinner by Ana (No receipt).',
        }),
      );
      expect(later.result.current.openItems).toEqual([]);
    },
  );

  it('shows a step another page answered first as answered elsewhere', serverWait, async () => {
    const runId = uniqueId('expense');
    const here = renderRun({ runId, newRun: true });
    await act(() => here.result.current.start(claim));
    const there = renderRun({ runId });
    await waitFor(() => expect(there.result.current.openItems).toHaveLength(1));
    const key = here.result.current.openItems[0]!.key;

    await act(() => there.result.current.submit(key, { type: 'approve' } as never));
    await act(() => here.result.current.submit(key, { type: 'approve' } as never).catch(() => {}));
    expect(here.result.current.items[0]?.state).toBe('answered-elsewhere');
    // The step the run moved on to is listed again and shows here too.
    await waitFor(() =>
      expect(here.result.current.openItems.map((item) => item.toolName)).toEqual(['cost-centre']),
    );
  });
});
