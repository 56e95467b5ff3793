import { useAgent, useCopilotKit } from '@copilotkit/react-core/v2/headless';
import { classifyFailure } from '@ask-user-kit/core/internal';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useAskUserAgUi, type AgUiAgentLike } from '../agUi/useAskUserAgUi.ts';
import type { StackRun, StackRunOptions } from '../shared/useStackRun.ts';

/** How long an answer waits for CopilotKit's runtime to say which agents it serves (`/info`). */
const RUNTIME_READY_TIMEOUT = 20_000;

const NOT_READY_MESSAGE = `CopilotKit's runtime did not answer /info within ${RUNTIME_READY_TIMEOUT / 1000} s: is the provider's runtimeUrl right?`;

type Agent = ReturnType<typeof useAgent>['agent'];

/**
 * The runtime's own agent, once CopilotKit has it: until the runtime answers `/info`, `useAgent`
 * lends a stand-in, and a run started on it never reaches the server. The returned function waits
 * for the real agent (a question restored after a reload may be answered before), at most
 * `RUNTIME_READY_TIMEOUT`.
 */
function useReadyAgent(agent: Agent, isReady: boolean): () => Promise<Agent> {
  const state = useRef({ agent, isReady, waiters: new Set<(agent: Agent) => void>() });
  useEffect(() => {
    const current = state.current;
    current.agent = agent;
    current.isReady = isReady;
    if (!isReady) return;
    for (const resolve of current.waiters) resolve(agent);
    current.waiters.clear();
  }, [agent, isReady]);
  return useCallback(() => {
    const current = state.current;
    if (current.isReady) return Promise.resolve(current.agent);
    return new Promise<Agent>((resolve, reject) => {
      const timer = setTimeout(() => {
        current.waiters.delete(ready);
        reject(new Error(NOT_READY_MESSAGE));
      }, RUNTIME_READY_TIMEOUT);
      const ready = (runtimeAgent: Agent) => {
        clearTimeout(timer);
        resolve(runtimeAgent);
      };
      current.waiters.add(ready);
    });
  }, []);
}

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
 * (another tab answered first) shows `answered-elsewhere`. An answer given before the runtime has
 * said which agents it serves (`useAgent`'s `isReady`) waits for it. Fits `<AskUserPrompt run>`.
 * @example
 * const run = useAskUserCopilotKit({ agentId: 'planner' });
 * run.openPrompts.map((prompt) => <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />);
 */
export function useAskUserCopilotKit(options: AskUserCopilotKitOptions = {}): StackRun {
  const { agentId, ...agUiOptions } = options;
  const { copilotkit } = useCopilotKit();
  // No re-render per event: the answers' hook keeps its own state from the events.
  const { agent, isReady } = useAgent({ agentId, updates: [] });
  const readyAgent = useReadyAgent(agent, isReady);
  const resumable = useMemo<AgUiAgentLike>(
    () => ({
      subscribe: (subscriber) => agent.subscribe(subscriber as never),
      runAgent: async (parameters) => {
        // The runtime's agent: `agent` may still be CopilotKit's stand-in (see useReadyAgent).
        const runtimeAgent = await readyAgent();
        // copilotkit.runAgent never rejects (it reports a failed run to the provider's onError):
        // the run's own failure is read from the agent, so that the answer shows `failed`.
        let failure: unknown;
        const watch = runtimeAgent.subscribe({
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
          await copilotkit.runAgent({ agent: runtimeAgent, ...parameters });
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
    [agent, copilotkit, readyAgent],
  );
  return useAskUserAgUi(resumable, agUiOptions);
}
