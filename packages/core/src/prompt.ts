import { z } from 'zod';
import { quote } from './quote.ts';

/** The kinds of question `ask_user` can ask. */
export type PromptKind = 'text' | 'single' | 'multiple';

/** One offered choice, named by its label. */
export interface PromptOption {
  label: string;
  description?: string;
}

interface PromptIdentity {
  /** Built from `runId` and `toolCallId` without collisions (see `promptKey`). */
  key: string;
  runId: string;
  toolCallId: string;
  /** The name the model called the tool by (the key in the agent's `tools`, or `ask_user`). */
  toolName: string;
  /**
   * When the question stops taking answers, in milliseconds since 1970: its suspend payload's
   * `expiresAt` (`guardedTool`'s `ttlMs`). Absent when it does not expire; a value that is no time
   * reads as already past, as the server's guard reads it.
   */
  expiresAt?: number;
  /** The sub-agent that asked, when a supervisor's sub-agent did (its key in the supervisor's `agents`). */
  agent?: string;
}

/** A well-formed question from `ask_user`'s `suspendPayload`. */
export interface WellFormedPrompt extends PromptIdentity {
  kind: PromptKind;
  question: string;
  /** Empty for free text. */
  options: PromptOption[];
}

/** A suspended `ask_user` call whose payload cannot be rendered, with the reason why. It cannot be answered. */
export interface MalformedPrompt extends PromptIdentity {
  kind: 'malformed';
  /** Human-readable: what is wrong with the payload. */
  reason: string;
  /** The payload as received. */
  payload: unknown;
  /** The question, when one could be read. */
  question?: string;
}

/** A question to render, or a malformed one to report: switch on `kind`. */
export type Prompt = WellFormedPrompt | MalformedPrompt;

/**
 * Where a prompt is in its lifecycle (the transcript entry's `state`, `data-state` in React):
 * - `ready`: waiting for an answer
 * - `submitting`: an answer is on its way
 * - `failed`: the last submit failed (see the entry's `error`); submit again or `retry`
 * - `malformed`: the payload cannot be rendered; open until the next `send`
 * - `answered`: the server took this client's answer
 * - `answered-elsewhere`: another client answered it first (the server's guard said 409)
 * - `expired`: the server no longer waits for it (gone, or the run ended)
 */
export type PromptState =
  'ready' | 'submitting' | 'failed' | 'malformed' | 'answered' | 'answered-elsewhere' | 'expired';

/** What `resumeStream` takes: a string (free text, one choice) or several labels. */
export type AnswerValue = string | string[];

/** The fields of a `tool-call-suspended` chunk's payload (or of a suspended-runs entry) that a prompt is built from. */
export interface SuspendedToolCall {
  runId: string;
  toolCallId: string;
  toolName: string;
  suspendPayload: unknown;
}

/**
 * The key of a prompt: `runId` and `toolCallId` together (tool call ids come from the model and
 * repeat across runs). The run id's length comes first, so no two pairs share a key: `("a:b", "c")`
 * and `("a", "b:c")` differ.
 */
export const promptKey = (runId: string, toolCallId: string): string =>
  `${runId.length}:${runId}:${toolCallId}`;

/**
 * The key of the `asking`-th question a run asked under one tool call id (a model that numbers
 * its calls by position reuses them). The first asking is `promptKey`; later ones put `#n` right
 * after the run id, where `promptKey` has its `:`, so they never meet a key of another call id.
 */
export const askingKey = (runId: string, toolCallId: string, asking: number): string =>
  asking === 1 ? promptKey(runId, toolCallId) : `${runId.length}:${runId}#${asking}:${toolCallId}`;

// A string as the second argument is the message of the check's issue.
const optionSchema = z.object(
  {
    label: z.string('each option needs a text label'),
    description: z.string('an option description must be text').optional(),
  },
  'each option must be an object with a label',
);

const payloadSchema = z.object(
  {
    question: z.string('the question is missing or not text').trim().min(1, 'the question is empty'),
    options: z.array(optionSchema, 'options must be a list').default([]),
    selectionMode: z
      .enum(['single_select', 'multi_select'], 'selectionMode must be "single_select" or "multi_select"')
      .optional(),
  },
  'the payload is not an object',
);

type Payload = z.infer<typeof payloadSchema>;

/** The `expiresAt` of a suspend payload (an ISO time or milliseconds since 1970) as `{ expiresAt }` in milliseconds, or `{}` for none. */
export function expiryOf(payload: unknown): { expiresAt?: number } {
  const { expiresAt } = Object(payload) as { expiresAt?: unknown };
  if (expiresAt === undefined || expiresAt === null) return {};
  const ms =
    typeof expiresAt === 'number' ? expiresAt : typeof expiresAt === 'string' ? Date.parse(expiresAt) : NaN;
  // A time the guard cannot read counts as past there (it fails closed): here too.
  return { expiresAt: Number.isFinite(ms) ? ms : 0 };
}

/**
 * The sub-agent a tool name stands for: a supervisor calls its sub-agent `helper` as the tool
 * `agent-helper`, and a question the sub-agent asks suspends that call.
 */
export function subAgentOf(toolName: string | undefined): string | undefined {
  return toolName?.startsWith(SUB_AGENT_PREFIX)
    ? toolName.slice(SUB_AGENT_PREFIX.length) || undefined
    : undefined;
}

const SUB_AGENT_PREFIX = 'agent-';

/** True when a suspended tool call is an `ask_user` question, by its payload's shape or the tool's name. */
export function isAskUserCall(call: Pick<SuspendedToolCall, 'toolName' | 'suspendPayload'>): boolean {
  // Object(): null, arrays and primitives have no own `question`.
  if (Object.hasOwn(Object(call.suspendPayload), 'question')) return true;
  return /^askuser(tool)?$/i.test(call.toolName.replace(/[-_\s]/g, ''));
}

/** What is wrong with a payload zod accepted, or `undefined`: what zod does not check. */
function problemOf({ options, selectionMode }: Payload): string | undefined {
  if (selectionMode && options.length === 0)
    return `selectionMode "${selectionMode}" needs options, and none were given`;
  const seen = new Set<string>();
  for (const [index, { label }] of options.entries()) {
    if (!label.trim()) return `option ${index + 1} has an empty label`;
    if (seen.has(label)) return `the label "${quote(label)}" is offered twice`;
    seen.add(label);
  }
  return undefined;
}

function kindOf({ options, selectionMode }: Payload): PromptKind {
  if (options.length === 0) return 'text';
  if (selectionMode === 'multi_select') return 'multiple';
  return 'single';
}

/**
 * Builds a prompt from a suspended `ask_user` call: a renderable question, or a malformed prompt
 * that says what is wrong. Never throws.
 * @example
 * parsePrompt({ runId, toolCallId: 'call_1', toolName: 'ask_user', suspendPayload: { question: 'Where to?' } })
 * // → { kind: 'text', question: 'Where to?', options: [], key: promptKey(runId, 'call_1'), … }
 */
export function parsePrompt(call: SuspendedToolCall, key = promptKey(call.runId, call.toolCallId)): Prompt {
  const { runId, toolCallId, toolName, suspendPayload: payload } = call;
  const identity: PromptIdentity = { key, runId, toolCallId, toolName, ...expiryOf(payload) };
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const reason = issue.path.length > 1 ? `${issue.message} (at ${issue.path.join('.')})` : issue.message;
    return { ...identity, kind: 'malformed', reason, payload };
  }
  const { data } = parsed;
  const problem = problemOf(data);
  if (problem) return { ...identity, kind: 'malformed', reason: problem, payload, question: data.question };
  return { ...identity, kind: kindOf(data), question: data.question, options: data.options };
}
