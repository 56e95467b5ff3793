import { parsePrompt, type AnswerValue, type Prompt } from '@ask-user-kit/core';
import { isAskUserCall, readAskUserOutput, type FoundPrompt } from '@ask-user-kit/core/internal';
import { isRecord } from '../shared/isRecord.ts';

// What @mastra/react's useChat keeps in its messages (`MastraDBMessage`), read without importing
// it: a suspension is an entry of the assistant message's `content.metadata.suspendedTools`,
// keyed by the tool's name (`{ toolCallId, toolName, args, suspendPayload, runId }`); the tool's
// own part (`{ type: 'tool-invocation', toolInvocation: { state, toolCallId, result } }`) turns
// `state: 'result'` once a resume gave it its output.

/** The fields of a `MastraDBMessage` the adapter reads: `useChat().messages` fit. */
export interface MastraMessageLike {
  id: string;
  role: string;
  content: { parts?: readonly unknown[]; metadata?: unknown };
}

/** Where a prompt of the chat is, as its messages tell. */
export type MastraPromptState = 'ready' | 'malformed' | 'answered';

/** An `ask_user` suspension found in the chat's messages. */
export interface MastraPrompt extends FoundPrompt {
  state: MastraPromptState;
  /** The id of the assistant message that holds it. */
  messageId: string;
}

const textOr = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

/**
 * The prompts of one message's `suspendedTools`, through core's `parsePrompt` (a payload that
 * cannot be rendered gives the same `malformed` prompt as everywhere else); suspensions of other
 * tools are left out. A suspension without a run id takes the message's (`metadata.runId`).
 */
export function promptsOfMessage(message: MastraMessageLike): Prompt[] {
  const metadata = isRecord(message.content.metadata) ? message.content.metadata : {};
  const suspended = isRecord(metadata.suspendedTools) ? metadata.suspendedTools : {};
  const prompts: Prompt[] = [];
  for (const entry of Object.values(suspended)) {
    if (!isRecord(entry)) continue;
    const call = {
      runId: textOr(entry.runId, textOr(metadata.runId, '')),
      toolCallId: textOr(entry.toolCallId, ''),
      toolName: textOr(entry.toolName, ''),
      suspendPayload: entry.suspendPayload,
    };
    if (isAskUserCall(call)) prompts.push(parsePrompt(call));
  }
  return prompts;
}

/** The tool's output, when a part of the message holds it. */
function outputOf(prompt: Prompt, message: MastraMessageLike): { answer?: AnswerValue } | undefined {
  for (const part of message.content.parts ?? []) {
    if (!isRecord(part) || part.type !== 'tool-invocation' || !isRecord(part.toolInvocation)) continue;
    const invocation = part.toolInvocation;
    if (invocation.toolCallId !== prompt.toolCallId || invocation.state !== 'result') continue;
    return { answer: readAskUserOutput(invocation.result, prompt)?.answer };
  }
  return undefined;
}

/**
 * Every `ask_user` suspension in the chat's messages, oldest first, with the state the messages
 * give it: `answered` once its tool part has its output, `malformed` when its payload cannot be
 * rendered, else `ready`. `remembered` are prompts seen in earlier renders: `suspendedTools` is
 * keyed by tool name, so a second `ask_user` suspension in one message replaces the first there;
 * a remembered prompt stays in the list at its place, with the state its message's parts give it.
 */
export function mastraChatPrompts(
  messages: readonly MastraMessageLike[],
  remembered: ReadonlyMap<string, { prompt: Prompt; messageId: string }> = new Map(),
): MastraPrompt[] {
  const found = new Map<string, MastraPrompt>();
  const byId = new Map(messages.map((message) => [message.id, message]));
  const forgotten = [...remembered.values()];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const here = forgotten.filter((entry) => entry.messageId === message.id).map((entry) => entry.prompt);
    const prompts = [...here, ...promptsOfMessage(message)];
    for (const prompt of prompts) {
      resumedBefore(found, prompt);
      const closed = prompt.kind === 'malformed' ? undefined : outputOf(prompt, byId.get(message.id)!);
      const state: MastraPromptState =
        prompt.kind === 'malformed' ? 'malformed' : closed ? 'answered' : 'ready';
      found.delete(prompt.key);
      found.set(prompt.key, { prompt, messageId: message.id, state, ...(closed ?? {}) });
    }
  }
  return [...found.values()];
}

/**
 * A run waits on one call at a time: when it suspends on another call, the earlier ones were
 * resumed, even if their output has not arrived (two ask_user calls in one step: the first one's
 * output comes only when the run ends).
 */
function resumedBefore(found: Map<string, MastraPrompt>, next: Prompt): void {
  for (const [key, entry] of found) {
    if (entry.state !== 'ready' || entry.prompt.runId !== next.runId || key === next.key) continue;
    found.set(key, { ...entry, state: 'answered' });
  }
}
