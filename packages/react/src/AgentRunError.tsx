import type { ComponentPropsWithoutRef } from 'react';
import type { RunError } from '@ask-user-kit/core';

// Mastra's words for an agent id it does not know: "Agent with id planner not found".
const UNKNOWN_AGENT = /agent with (id|name) .* not found/i;

/**
 * What to check when a run failed before it could talk to the agent, or `undefined` when its
 * message says all there is: the server unreachable (down, another address, or CORS), nothing at
 * the address (baseUrl, apiPrefix), an unknown agent, a web page instead of Mastra's API, refused
 * credentials, a failing server.
 */
export function runErrorHint(error: RunError): string | undefined {
  const { code, status, message } = error;
  if (code === 'network')
    return "Check that the Mastra server runs at baseUrl's address and allows this page's origin (server.cors), or proxy /api to it from this page's server.";
  if (code === 'timeout')
    return "A conversation that waits for another agent's question stalls like this: answer that question, or start a new conversation. Else the server's log says why.";
  if (code !== 'http' || status === undefined) return undefined;
  if (status < 300)
    return "baseUrl reaches a web page, not the Mastra server: give the server's origin, or proxy /api to it.";
  if (status === 404 && UNKNOWN_AGENT.test(message))
    return 'Check agentId: the server has no agent by that id (its key in new Mastra({ agents })).';
  if (status === 404)
    return "Nothing answers at this address: check baseUrl (the Mastra server's origin, or '' behind a proxy) and apiPrefix (the server's apiPrefix, /api by default), or a chat's api (chatRoute's path); behind a proxy, check that it forwards that path to the Mastra server.";
  if (status === 401 || status === 403)
    return 'The server refused these credentials: check the headers option (its auth token).';
  if (status >= 500) return 'The server failed: its log says why. Try again once it runs.';
  return undefined;
}

export interface AgentRunErrorProps extends ComponentPropsWithoutRef<'div'> {
  /**
   * The run whose error to show: `useAgentRun`'s (its `error`, else the failure to list the
   * questions still waiting, `restoreError`), or anything with a `RunError` as `error`.
   */
  run: { error?: RunError | undefined; restoreError?: RunError | undefined };
  /** What to check for an error, below its message. Default: {@link runErrorHint}. */
  hint?: (error: RunError) => string | undefined;
}

/**
 * The run's error, as an alert, with what to check: for a page that shows only the prompts and a
 * composer, so that a run that cannot start (a wrong baseUrl, a server down, CORS, an unknown
 * agent) says why instead of doing nothing. Renders nothing while there is no error.
 * @example
 * <AgentRunError run={run} />
 */
export function AgentRunError({ run, hint = runErrorHint, ...props }: AgentRunErrorProps) {
  const error = run.error ?? run.restoreError;
  if (!error) return null;
  const advice = hint(error);
  return (
    // The prompt's card and parts, so that it takes the kit's look and theme: a root of its own kind.
    <div
      role="alert"
      data-scope="ask-user"
      data-part="root"
      data-kind="run-error"
      data-state="failed"
      {...props}
    >
      <p data-scope="ask-user" data-part="error">
        {error.message}
      </p>
      {advice && (
        <p data-scope="ask-user" data-part="description">
          {advice}
        </p>
      )}
    </div>
  );
}
