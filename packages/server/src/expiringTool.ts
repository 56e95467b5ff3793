import { createTool, type Tool } from '@mastra/core/tools';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any tool, whatever its schemas
type AnyTool = Tool<any, any, any, any, any, any, any>;

/** The part of a tool's execution context this wraps: the agent's `suspend`. */
type SuspendingContext = { agent?: { suspend?: (payload: unknown, options?: unknown) => Promise<unknown> } };

/**
 * The same tool, whose questions take answers for `ttlMs` milliseconds: each time it suspends,
 * its suspend payload gets `expiresAt` (an ISO time, `ttlMs` from then), which `answerGuard`
 * checks (a later answer gets HTTP 410, `EXPIRED_CODE`) and a client can show. Made for Mastra's
 * `askUserTool`; a tool of your own can put `expiresAt` in its `suspend` payload itself instead.
 * @example
 * const agent = new Agent({ tools: { ask_user: expiringTool(askUserTool, 15 * 60_000) }, … });
 */
export function expiringTool<T extends AnyTool>(tool: T, ttlMs: number): T {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0)
    throw new TypeError(`expiringTool: ttlMs must be a positive number of milliseconds, got ${ttlMs}.`);
  const execute = tool.execute;
  if (!execute) throw new TypeError(`expiringTool: tool "${tool.id}" has no execute.`);
  return createTool({
    ...tool,
    execute: (input: unknown, context: SuspendingContext) => {
      const agent = context?.agent;
      if (!agent?.suspend) return execute(input, context as never);
      const suspend = agent.suspend;
      const expiring = (payload: unknown, options?: unknown) =>
        suspend({ ...Object(payload), expiresAt: new Date(Date.now() + ttlMs).toISOString() }, options);
      return execute(input, { ...context, agent: { ...agent, suspend: expiring } } as never);
    },
  } as never) as T;
}
