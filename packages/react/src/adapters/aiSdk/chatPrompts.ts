import { parsePrompt, type Prompt } from '@ask-user-kit/core';
import {
  isAskUserCall,
  promptKey,
  readAskUserOutput,
  type FoundPrompt,
  type SuspendedToolCall,
} from '@ask-user-kit/core/internal';
import { isRecord } from '../shared/isRecord.ts';

// What @mastra/ai-sdk's chatRoute puts into the AI SDK's UI messages, read without importing `ai`:
// a suspension is a `data-tool-call-suspended` part whose `data` has the run id, the tool call id,
// the tool's name and its `suspendPayload`; the tool's own part (`tool-<name>`) stays
// `input-available` until a resume gives it an output, in the same assistant message.
// Read back from memory after a reload (`@ask-user-kit/server/ai-sdk`'s chatHistoryRoute), a
// question still waiting has the same two parts; an answered one has only the tool's part, with
// its output and the question as its `input`, and no run id anywhere.

/** The part type chatRoute gives a suspended tool call. */
export const SUSPENDED_PART_TYPE = 'data-tool-call-suspended';

/** The fields of a UI message the adapter reads: `useChat().messages` fit. */
export interface ChatMessageLike {
  id: string;
  role: string;
  parts: readonly unknown[];
}

/** A `data-tool-call-suspended` part, as chatRoute sends it. */
export interface SuspendedPart {
  type: typeof SUSPENDED_PART_TYPE;
  id?: string;
  data: unknown;
}

/** Where a prompt of the chat is, as its messages tell: open, or closed by the tool's output. */
export type ChatPromptState = 'ready' | 'malformed' | 'answered' | 'expired';

/** An `ask_user` suspension found in the chat's messages. */
export interface ChatPrompt extends FoundPrompt {
  state: ChatPromptState;
  /** The id of the assistant message that holds it. */
  messageId: string;
}

// A static tool's part is `tool-<its name>` (chatRoute's tools are static).
const TOOL_PART_PREFIX = 'tool-';

interface ToolPartLike {
  type: string;
  toolCallId?: unknown;
  state?: unknown;
  input?: unknown;
  output?: unknown;
}

const textOr = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

/** True when `part` is the part chatRoute gives a suspended tool call. */
export function isSuspendedPart(part: unknown): part is SuspendedPart {
  return isRecord(part) && part.type === SUSPENDED_PART_TYPE;
}

/** The suspended call a part carries; ids that are not text become `""` (the prompt is then malformed). */
function suspendedCall(part: SuspendedPart): SuspendedToolCall & { complete: boolean } {
  const data = isRecord(part.data) ? part.data : {};
  const runId = textOr(data.runId, '');
  const toolCallId = textOr(data.toolCallId, textOr(part.id, ''));
  return {
    runId,
    toolCallId,
    toolName: textOr(data.toolName, ''),
    suspendPayload: data.suspendPayload,
    complete: runId !== '' && toolCallId !== '',
  };
}

/**
 * The prompt of a `data-tool-call-suspended` part, through core's `parsePrompt` (so a payload that
 * cannot be rendered gives the same `malformed` prompt as everywhere else), or `undefined` when
 * the part is not an `ask_user` suspension (another tool's).
 * @example
 * const prompt = promptFromPart(part); // { kind: 'text', question: 'Where would you like to go?', … }
 */
export function promptFromPart(part: unknown): Prompt | undefined {
  if (!isSuspendedPart(part)) return undefined;
  const { complete, ...call } = suspendedCall(part);
  if (!isAskUserCall(call)) return undefined;
  if (complete) return parsePrompt(call);
  const key = promptKey(call.runId, call.toolCallId);
  return {
    ...call,
    key,
    kind: 'malformed',
    reason: 'the suspension names no run or tool call',
    payload: part.data,
  };
}

/**
 * The key of a prompt read back from memory already answered: memory keeps no run id for it, so
 * the id of the message that holds it stands in. It never equals a `promptKey` (those begin with
 * a digit), and it stays the same on every read of the same history.
 */
export const storedPromptKey = (messageId: string, toolCallId: string): string =>
  `stored:${messageId.length}:${messageId}:${toolCallId}`;

/**
 * The prompt of an `ask_user` tool part that memory brought back closed (`output-available` or
 * `output-error`) with no `data-tool-call-suspended` part for its call in `message`: an answered
 * question after a reload. Parsed from the tool's `input` (the question as the model asked it),
 * with `runId: ''` (memory does not keep it) and {@link storedPromptKey} as its key; `undefined`
 * for any other part, and for a call whose suspended part is in the message (that part is the
 * prompt, `promptFromPart`).
 * @example
 * const prompt = promptFromPart(part) ?? storedPromptFromPart(part, message);
 */
export function storedPromptFromPart(part: unknown, message: ChatMessageLike): Prompt | undefined {
  const { type, toolCallId, state, input } = (isRecord(part) ? part : {}) as Partial<ToolPartLike>;
  if (typeof type !== 'string' || !type.startsWith(TOOL_PART_PREFIX)) return undefined;
  if (typeof toolCallId !== 'string') return undefined;
  if (state !== 'output-available' && state !== 'output-error') return undefined;
  const toolName = type.slice(TOOL_PART_PREFIX.length);
  const call = { runId: '', toolCallId, toolName, suspendPayload: input };
  if (!isAskUserCall(call)) return undefined;
  const suspendedHere = message.parts.some(
    (other) => isSuspendedPart(other) && suspendedCall(other).toolCallId === toolCallId,
  );
  if (suspendedHere) return undefined;
  return parsePrompt(call, storedPromptKey(message.id, toolCallId));
}

/** How the tool's own part in the same message closes the prompt, if it does. */
function closedBy(
  prompt: Prompt,
  parts: readonly unknown[],
): Omit<ChatPrompt, 'prompt' | 'messageId'> | undefined {
  for (const part of parts) {
    if (!isRecord(part) || typeof part.type !== 'string') continue;
    const tool = part as unknown as ToolPartLike;
    const isTool = tool.type === `${TOOL_PART_PREFIX}${prompt.toolName}` || tool.type === 'dynamic-tool';
    if (!isTool || tool.toolCallId !== prompt.toolCallId) continue;
    if (tool.state === 'output-available')
      return { state: 'answered', answer: readAskUserOutput(tool.output, prompt)?.answer };
    // The resume reached the tool and it failed: the question is gone for good.
    if (tool.state === 'output-error') return { state: 'expired' };
  }
  return undefined;
}

/**
 * Every `ask_user` question in the chat's messages, oldest first, with the state the messages
 * give it: `answered` once the tool's part in the same message has its output (after a resume, or
 * read back from memory after a reload: the tool's part alone, see {@link storedPromptFromPart}),
 * `expired` when the tool failed, `malformed` when its payload cannot be rendered, else `ready`.
 * A part repeated with the same key (a data part sent again) counts once, at its last place.
 */
export function chatPrompts(messages: readonly ChatMessageLike[]): ChatPrompt[] {
  const found = new Map<string, ChatPrompt>();
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.parts) {
      const prompt = promptFromPart(part) ?? storedPromptFromPart(part, message);
      if (!prompt) continue;
      resumedBefore(found, prompt);
      const closed =
        prompt.kind === 'malformed' ? { state: 'malformed' as const } : closedBy(prompt, message.parts);
      found.delete(prompt.key);
      const signature = isSuspendedPart(part) && isRecord(part.data) ? part.data.signature : undefined;
      const signed = typeof signature === 'string' ? { signature } : {};
      found.set(prompt.key, { prompt, messageId: message.id, ...signed, ...(closed ?? { state: 'ready' }) });
    }
  }
  return [...found.values()];
}

/**
 * A run waits on one call at a time: when it suspends on another call, the earlier ones were
 * resumed, even if their output has not arrived (two ask_user calls in one step: the first one's
 * output comes only when the run ends).
 */
function resumedBefore(found: Map<string, ChatPrompt>, next: Prompt): void {
  for (const [key, entry] of found) {
    if (entry.state !== 'ready' || entry.prompt.runId !== next.runId || key === next.key) continue;
    found.set(key, { ...entry, state: 'answered' });
  }
}
