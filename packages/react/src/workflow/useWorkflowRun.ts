'use client';
import type { ItemKind } from '@ask-user-kit/core';
import { approvals, forms } from '@ask-user-kit/core/items';
import type { WorkflowRunState, WorkflowTransportOptions } from '@ask-user-kit/core/internal';
import { createWorkflowTransport, startWorkflow } from '@ask-user-kit/core/workflow';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { AgentRun } from '../agentRunTypes.ts';
import { useAgentRun } from '../useAgentRun.ts';

/** What `useWorkflowRun` takes: which workflow, which run of it, and how to reach the server. */
export interface UseWorkflowRunOptions extends Omit<
  WorkflowTransportOptions,
  'maxFrameLength' | 'idleTimeout'
> {
  /**
   * The run's id, made by the app before it starts (kept in the URL or in storage): the hook
   * brings the run back with it after a reload or a server restart, as a thread id does for an agent.
   */
  runId: string;
  /** The run's owner (Mastra's `resourceId`), recorded when it starts. */
  resourceId?: string;
  /** The app has just made `runId`: nothing of it is on the server yet, so nothing is read on mount. */
  newRun?: boolean;
  /** The kinds of steps besides ask_user-shaped ones. Default: approvals and forms. */
  items?: readonly ItemKind[];
  /** The QueryClient to use instead of the one from `<QueryClientProvider>`. */
  queryClient?: QueryClient;
}

/** A run of a workflow: its waiting steps as the agent run's prompts and items, how to start it, and its end. */
export interface WorkflowRun extends Omit<AgentRun, 'send'> {
  /** Starts the run with the workflow's input. Rejects with a `RequestError` (`busy`) when nothing was sent. */
  start(inputData: unknown): Promise<void>;
  /** The run as the server last told it once nothing streams: its status, and its `result` once it succeeded. */
  outcome: WorkflowRunState | undefined;
}

const DEFAULT_ITEMS = [approvals, forms];

/**
 * A run of a Mastra workflow whose steps suspend for a person: `useAgentRun` over a workflow
 * transport (`createWorkflowTransport`). A suspended step is a waiting entry like an agent's
 * suspended call: an ask_user-shaped one in `openPrompts` (`<AskUserPrompt>`), an approval or a
 * form in `openItems` (`<ToolApproval>`, `<ResumeForm>`), each answered with `submit(key, …)`,
 * exactly once behind `answerGuard`. Steps of parallel branches wait side by side.
 * @example
 * const run = useWorkflowRun({ baseUrl: '', workflowId: 'expense', runId, newRun });
 * <button onClick={() => run.start({ employee, amount, description })}>Submit</button>
 * {run.openItems.map((item) => item.kind === 'form' ? <ResumeForm key={item.key} run={run} item={item} /> : <ToolApproval key={item.key} run={run} item={item} />)}
 */
export function useWorkflowRun(options: UseWorkflowRunOptions): WorkflowRun {
  const { baseUrl, apiPrefix, workflowId, fetch, headers, responseTimeout } = options;
  const transport = useMemo(
    () => createWorkflowTransport({ baseUrl, apiPrefix, workflowId, fetch, headers, responseTimeout }),
    [baseUrl, apiPrefix, workflowId, fetch, headers, responseTimeout],
  );
  const { send: _send, ...run } = useAgentRun({
    transport,
    agentId: JSON.stringify(['workflow', baseUrl, apiPrefix, workflowId]),
    threadId: options.runId,
    resourceId: options.resourceId,
    newThread: options.newRun,
    items: options.items ?? DEFAULT_ITEMS,
    queryClient: options.queryClient,
  });
  const { store, status, restoring } = run;
  const start = useCallback((inputData: unknown) => startWorkflow(store, inputData), [store]);
  // Read again whenever the run settles on another status: after it ends, or comes back ended.
  const settled = status !== 'streaming' && status !== 'resuming' && !restoring;
  const { data: outcome } = useQuery(
    {
      queryKey: ['ask-user-kit', 'workflow-run', baseUrl, apiPrefix, workflowId, options.runId, status],
      queryFn: ({ signal }) => transport.getRun(options.runId, signal).then((state) => state ?? null),
      enabled: settled,
      staleTime: Infinity,
      retry: false,
    },
    useQueryClient(options.queryClient),
  );
  return { ...run, start, outcome: outcome ?? undefined };
}
