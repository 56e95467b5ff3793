import { useAgent, useCopilotKit } from '@copilotkit/react-core/v2/headless';
import { classifyFailure } from '@ask-user-kit/core/internal';
import { useMemo } from 'react';
import { useAskUserAgUi, type AgUiAgentLike } from '../agUi/useAskUserAgUi.ts';
import type { StackRun, StackRunOptions } from '../shared/useStackRun.ts';

/** `useAskUserCopilotKit`'s options. */
export interface AskUserCopilotKitOptions extends StackRunOptions {
  /** The CopilotKit agent whose interrupts to answer. Default: the provider's (or chat's) agent. */
  agentId?: string;
}

/**
 * Answers the `ask_user` interrupts of a CopilotKit agent served by `@ag-ui/mastra` (CopilotKit's
 * runtime running a `MastraAgent`): reads them from the agent's events, shows the same prompt as
 * everywhere (`parsePrompt`), and resumes a validated answer the way `useInterrupt`'s `resolve`
 * does, `copilotkit.runAgent({ agent, resume })`. Unlike `useInterrupt`, which forgets an
 * interrupt when its resume fails or any run starts, the prompt stays: `failed` keeps the answer
 * for Retry, and `suspendedRuns` brings a pending one back after a reload; the answer guard's 409
 * (another tab answered first) shows `answered-elsewhere`. Fits `<AskUserPrompt run>`.
 * @example
 * const run = useAskUserCopilotKit({ agentId: 'planner' });
 * run.openPrompts.map((prompt) => <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />);
 */
export function useAskUserCopilotKit(options: AskUserCopilotKitOptions = {}): StackRun {
  const { agentId, ...agUiOptions } = options;
  const { copilotkit } = useCopilotKit();
  // No re-render per event: the answers' hook keeps its own state from the events.
  const { agent } = useAgent({ agentId, updates: [] });
  const resumable = useMemo<AgUiAgentLike>(
    () => ({
      subscribe: (subscriber) => agent.subscribe(subscriber as never),
      runAgent: async (parameters) => {
        // copilotkit.runAgent never rejects (it reports a failed run to the provider's onError):
        // the run's own failure is read from the agent, so that the answer shows `failed`.
        let failure: unknown;
        const watch = agent.subscribe({
          onRunFailed: ({ error }) => {
            failure ??= error;
            // Another window answered first: the question says so, it is no failure of the agent to
            // log. @ag-ui/client honours stopPropagation here, though its type leaves it out.
            if (classifyFailure(error).code === 'answered-elsewhere')
              return { stopPropagation: true } as never;
          },
          onRunErrorEvent: ({ event }) => {
            failure ??= new Error(event.message);
          },
        });
        try {
          await copilotkit.runAgent({ agent, ...parameters });
        } finally {
          watch.unsubscribe();
        }
        if (failure !== undefined) throw failure;
      },
      // The agent's open interrupts include the one answered elsewhere, and a resume must name every
      // open one: they are dropped, and the suspended runs (read next) say which wait now.
      connect: async () => {
        // eslint-disable-next-line react-hooks/immutability -- the shared agent's own state, as its runs set it
        agent.pendingInterrupts = [];
      },
    }),
    [agent, copilotkit],
  );
  return useAskUserAgUi(resumable, agUiOptions);
}
