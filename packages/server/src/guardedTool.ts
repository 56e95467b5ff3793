import { createTool, type Tool } from '@mastra/core/tools';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any tool, whatever its schemas
type AnyTool = Tool<any, any, any, any, any, any, any>;

/** What {@link guardedTool} adds to each question its tool asks. */
export interface GuardedToolOptions {
  /**
   * How long each question takes answers, in milliseconds: its suspend payload gets `expiresAt`
   * (an ISO time), which `answerGuard` checks (a later answer gets HTTP 410, `EXPIRED_CODE`) and a
   * client can show. Default: questions do not expire.
   */
  ttlMs?: number;
  /** The answers are sensitive: the payload gets `sensitive: true`, and the guard's audit trail does not keep them. */
  sensitive?: boolean;
}

// What the model reads as the call's error: it may ask again, the question is the person's.
const MODEL_ANSWER_MESSAGE =
  'Only the user can answer this question: call the tool again without resumeData, and wait for their answer.';

/** The part of a tool's execution context this reads and wraps. */
type SuspendingContext = {
  agent?: {
    suspend?: (payload: unknown, options?: unknown) => Promise<unknown>;
    resumeData?: unknown;
    suspendPayload?: unknown;
  };
};

/**
 * The same tool, whose questions carry what `answerGuard` checks (`expiresAt` and `sensitive` in
 * each suspend payload), and which takes answers only from a resume of its own suspension: an
 * answer the model wrote into a new call's arguments (`resumeData`, which Mastra takes as the
 * answer, as `autoResumeSuspendedTools` tells the model to do) fails that call with an error the
 * model reads (it may ask again); the question it meant stays waiting for the person.
 * Mastra hands a tool the payload it suspended with only when it resumes that suspension, so a
 * `resumeData` without it came from the model. Made for Mastra's `askUserTool`; a tool of your own
 * can put `expiresAt` and `sensitive` in its `suspend` payload itself instead.
 * @example
 * const agent = new Agent({ tools: { ask_user: guardedTool(askUserTool, { ttlMs: 15 * 60_000 }) }, … });
 */
export function guardedTool<T extends AnyTool>(tool: T, options: GuardedToolOptions): T {
  const { ttlMs, sensitive = false } = options;
  if (ttlMs !== undefined && !(Number.isFinite(ttlMs) && ttlMs > 0))
    throw new TypeError(`guardedTool: ttlMs must be a positive number of milliseconds, got ${ttlMs}.`);
  const execute = tool.execute;
  if (!execute) throw new TypeError(`guardedTool: tool "${tool.id}" has no execute.`);
  const marks = () => ({
    ...(ttlMs === undefined ? {} : { expiresAt: new Date(Date.now() + ttlMs).toISOString() }),
    ...(sensitive ? { sensitive: true } : {}),
  });
  return createTool({
    ...tool,
    execute: (input: unknown, context: SuspendingContext) => {
      const agent = context?.agent;
      if (!agent?.suspend) return execute(input, context as never);
      const suspend = agent.suspend;
      // Always an object, so that a resume of it carries a suspendPayload to recognise it by.
      const marked = (payload: unknown, suspendOptions?: unknown) =>
        suspend({ ...Object(payload), ...marks() }, suspendOptions);
      if (agent.resumeData != null && agent.suspendPayload === undefined)
        throw new Error(MODEL_ANSWER_MESSAGE);
      return execute(input, { ...context, agent: { ...agent, suspend: marked } } as never);
    },
  } as never) as T;
}
