import type { SuspendedRun } from '@ask-user-kit/core/internal';
import { useEffect, useMemo, useState } from 'react';
import {
  useLatest,
  useStackRun,
  useTracker,
  type StackRun,
  type StackRunOptions,
} from '../shared/useStackRun.ts';
import {
  agUiPrompts,
  INTERRUPT_EVENT_NAME,
  resumeEntries,
  type AgUiEventLike,
  type AgUiPrompt,
  type MastraInterrupt,
} from './agUiPrompts.ts';

/** What the hook needs of an AG-UI agent (`AbstractAgent` of `@ag-ui/client`, e.g. @ag-ui/mastra's `MastraAgent`). */
export interface AgUiAgentLike {
  subscribe(subscriber: { onEvent?(params: { event: AgUiEventLike }): void }): { unsubscribe(): void };
  runAgent(parameters?: {
    resume?: ReturnType<typeof resumeEntries>;
    /** Sent to the server as the run input's `forwardedProps`: the signature of the interrupt answered. */
    forwardedProps?: Record<string, unknown>;
  }): Promise<unknown>;
  /**
   * Brings the agent's own state in line with the server after a question was answered in another
   * window, before the suspended runs are read again (CopilotKit's agent drops its open interrupts).
   */
  connect?(): Promise<unknown>;
}

/** A suspended run's calls as the `on_interrupt` events @ag-ui/mastra would have sent for them. */
function restoredEvents(runs: readonly SuspendedRun[]): AgUiEventLike[] {
  return runs.flatMap((run) =>
    run.toolCalls
      .filter((call) => !call.requiresApproval)
      .map((call) => {
        const interrupt: MastraInterrupt = {
          type: 'mastra_suspend',
          runId: run.runId,
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          suspendPayload: call.suspendPayload,
          ...(call.signature === undefined ? {} : { signature: call.signature }),
        };
        return { type: 'CUSTOM', name: INTERRUPT_EVENT_NAME, value: interrupt };
      }),
  );
}

/**
 * Answers `ask_user` interrupts of an AG-UI agent (@ag-ui/mastra's `MastraAgent`, local or
 * remote): reads the interrupts from the agent's events (`on_interrupt`, `RUN_FINISHED.outcome`)
 * and answers a validated one with a new run whose `resume` resolves that interrupt (AG-UI 1.0's
 * `RunAgentInput.resume`); @ag-ui/mastra resumes the interrupt's own Mastra run. The suspended
 * runs (`suspendedRuns`) are read once on mount: a reload (or a new tab) finds the question the
 * thread waits on even when the agent's events no longer carry it. Fits `<AskUserPrompt run>`.
 * @example
 * const run = useAskUserAgUi(agent);
 * run.openPrompts.map((prompt) => <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />);
 */
export function useAskUserAgUi(agent: AgUiAgentLike, options: StackRunOptions = {}): StackRun {
  const [events, setEvents] = useState<readonly AgUiEventLike[]>([]);
  useEffect(() => {
    const subscription = agent.subscribe({
      onEvent: ({ event }) => setEvents((current) => [...current, event]),
    });
    return () => subscription.unsubscribe();
  }, [agent]);

  const latest = useLatest(agent);
  const answers = useTracker<AgUiPrompt>({
    suspendedRuns: options.suspendedRuns,
    send: async ({ interrupt, signature }, answer) => {
      await latest.current.runAgent({
        resume: resumeEntries(interrupt, answer),
        // The answer guard (`signingSecret`) reads the interrupt's signature there.
        forwardedProps: signature === undefined ? {} : { signature },
      });
    },
    refetch: async () => {
      await latest.current.connect?.();
      await answers.tracker.restore();
    },
  });
  // Read once, on mount: what the thread waited on then. Later interrupts come as events.
  const { tracker, snapshot } = answers;
  useEffect(() => void tracker.restore(), [tracker]);

  // The restored interrupts first: the agent's own events (a resume's tool result) come after them.
  const found = useMemo(
    () => agUiPrompts([...restoredEvents(snapshot.restored), ...events]),
    [snapshot.restored, events],
  );
  return useStackRun(answers, found);
}
