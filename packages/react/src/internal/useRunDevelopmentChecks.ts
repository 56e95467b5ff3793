import type { RunError, RunSnapshot } from '@ask-user-kit/core';
import { useEffect } from 'react';
import { runErrorHint } from '../AgentRunError.tsx';
import type { UseAgentRunOptions } from '../agentRunTypes.ts';
import { warnOnce } from './development.ts';

// What a development build of useAgentRun says in the console (inline checks: see ./development.ts;
// a production build keeps two empty effects).

/** What a development build says when the run waits on a call that nothing of the kit shows. */
const unshownSuspension = (toolName: string) =>
  `useAgentRun: the run waits on the tool "${toolName}", which nothing here shows (it is not an ask_user ` +
  'question). Pass { items: [approvals, forms] } from @ask-user-kit/core/items to show approvals and ' +
  'forms, or render run.toolCalls yourself.';

/** What a development build says when a run cannot reach its agent: the options it used, and what to check. */
const setupWarning = (options: UseAgentRunOptions, error: RunError, hint: string) => {
  const { agentId, baseUrl, apiPrefix } = options;
  const named = options.transport
    ? 'a transport of its own'
    : JSON.stringify({ agentId, baseUrl, apiPrefix });
  return `useAgentRun(${named}): ${error.message} ${hint}`;
};

/**
 * The development checks of a run: a suspension nothing of the kit shows, and a run that cannot
 * reach its agent (`failure`: its error, or the failed restore's).
 */
export function useRunDevelopmentChecks(
  options: UseAgentRunOptions,
  snapshot: RunSnapshot,
  failure: RunError | undefined,
): void {
  // Inline development check (see internal/development.ts): an approval or another tool's suspension
  // without an item kind makes the run `awaiting-input` with nothing on the page to answer.
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production') {
      const { status, openPrompts, openItems, toolCalls } = snapshot;
      if (status !== 'awaiting-input' || openPrompts.length > 0 || openItems.length > 0) return;
      for (const call of toolCalls) {
        if (call.state === 'suspended')
          warnOnce(`unshown:${call.toolName}`, unshownSuspension(call.toolName));
      }
    }
  }, [snapshot]);

  // Inline development check (see internal/development.ts): a run that cannot reach its agent (a
  // wrong baseUrl, a server down, CORS, an unknown agent) names the options to check.
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' && failure) {
      const hint = runErrorHint(failure);
      if (hint) warnOnce(`setup:${failure.code}:${failure.status}`, setupWarning(options, failure, hint));
    }
  }, [failure]); // eslint-disable-line react-hooks/exhaustive-deps -- once per failure, with the options it failed with
}
