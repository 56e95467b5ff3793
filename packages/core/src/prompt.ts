import { z } from 'zod';

/** The kinds of question `ask_user` can ask. */
export type PromptKind = 'text' | 'single' | 'multiple';

/** One offered choice. */
export interface PromptOption {
  label: string;
  description?: string;
}

interface PromptIdentity {
  /** `runId` + `toolCallId`: tool call ids come from the model and repeat across runs. */
  key: string;
  runId: string;
  toolCallId: string;
  /** The name the model called the tool by (the key in the agent's `tools`, or `ask_user`). */
  toolName: string;
}

/** A well-formed question from `ask_user`'s `suspendPayload`. */
export interface AskUserPrompt extends PromptIdentity {
  kind: PromptKind;
  question: string;
  /** Empty for free text. */
  options: PromptOption[];
}

/** A suspended `ask_user` call whose payload cannot be rendered, with the reason why. */
export interface InvalidPrompt extends PromptIdentity {
  kind: 'invalid';
  /** Human-readable: what is wrong with the payload. */
  reason: string;
  /** The payload as received. */
  payload: unknown;
  /** The question, when one could be read. */
  question?: string;
}

/** A question to render, or an invalid one to report: switch on `kind`. */
export type Prompt = AskUserPrompt | InvalidPrompt;

/** What `resumeStream` takes: a string (free text, one choice) or several labels. */
export type AnswerValue = string | string[];

/** The fields of a `tool-call-suspended` chunk's payload (or of a suspended-runs entry) that a prompt is built from. */
export interface SuspendedToolCall {
  runId: string;
  toolCallId: string;
  toolName: string;
  suspendPayload: unknown;
}

/** The key of a prompt: `runId` and `toolCallId` together (tool call ids repeat across runs). */
export const promptKey = (runId: string, toolCallId: string): string => `${runId}:${toolCallId}`;

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
    selectionMode: z.enum(['single_select', 'multi_select'], 'selectionMode must be "single_select" or "multi_select"').optional(),
  },
  'the payload is not an object',
);

/** True when a suspended tool call is an `ask_user` question, by its payload's shape or the tool's name. */
export function isAskUserCall(call: Pick<SuspendedToolCall, 'toolName' | 'suspendPayload'>): boolean {
  // Object(): null, arrays and primitives have no own `question`.
  return Object.hasOwn(Object(call.suspendPayload), 'question') || /^askuser(tool)?$/i.test(call.toolName.replace(/[-_\s]/g, ''));
}

/**
 * Builds a prompt from a suspended `ask_user` call: a renderable question, or an invalid prompt
 * that says what is wrong. Never throws.
 * @example
 * parsePrompt({ runId, toolCallId: 'call_1', toolName: 'ask_user', suspendPayload: { question: 'Where to?' } })
 * // → { kind: 'text', question: 'Where to?', options: [], key: `${runId}:call_1`, … }
 */
export function parsePrompt(call: SuspendedToolCall): Prompt {
  const { runId, toolCallId, toolName, suspendPayload: payload } = call;
  const id: PromptIdentity = { key: promptKey(runId, toolCallId), runId, toolCallId, toolName };
  const { data, error } = payloadSchema.safeParse(payload);
  const issue = error?.issues[0];
  const { question, options = [], selectionMode } = data ?? {};
  const labels = options.map((o) => o.label);
  const empty = labels.findIndex((label) => !label.trim());
  const twice = labels.find((label, i) => labels.indexOf(label) < i);
  // The first thing wrong, if any: the payload's shape, then what zod does not check.
  const reason = issue
    ? issue.path.length > 1
      ? `${issue.message} (at ${issue.path.join('.')})`
      : issue.message
    : selectionMode && !options.length
      ? `selectionMode "${selectionMode}" needs options, and none were given`
      : empty >= 0
        ? `option ${empty + 1} has an empty label`
        : twice !== undefined
          ? `the label "${twice}" is offered twice`
          : '';
  return reason
    ? { ...id, kind: 'invalid', reason, payload, question }
    : { ...id, kind: !options.length ? 'text' : selectionMode === 'multi_select' ? 'multiple' : 'single', question: question!, options };
}
