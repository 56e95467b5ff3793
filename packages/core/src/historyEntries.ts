// Mastra's memory messages (format 2) read as transcript entries. Memory is read as untrusted
// data: a message of another shape (another Mastra version, another writer, a damaged row) is
// skipped, or the parts of it that can be read are kept; nothing in it makes the reading throw.
import { readAskUserOutput } from './askUserOutput.ts';
import { isAskUserCall, parsePrompt, promptKey } from './prompt.ts';
import type { PromptEntry, TranscriptEntry } from './types.ts';

/** A message of Mastra's memory, as far as the kit reads it, with every field checked. */
interface StoredMessage {
  id: string;
  role: string;
  /** `content.content`: the message's text when it has no text parts. */
  text: string;
  /** The parts that are objects with a `type`; others are left out. */
  parts: StoredPart[];
  /** `content.metadata.suspendedTools`, by tool call id: the calls still waiting. */
  suspendedTools: Record<string, unknown>;
}

interface StoredPart {
  type: string;
  text?: unknown;
  toolInvocation?: unknown;
}

/** The fields of a part's `toolInvocation` the kit reads, each checked. */
interface ToolInvocation {
  state: unknown;
  toolCallId: string;
  toolName: string;
  args: unknown;
  result: unknown;
}

// A prompt of the history whose run is not known (Mastra keeps the run id only while it waits).
const HISTORY_RUN = 'history';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const recordOr = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
const isPart = (value: unknown): value is StoredPart => isRecord(value) && typeof value.type === 'string';

/** The message a memory row holds, or `undefined` when it has no id or role to read it by. */
function readMessage(item: unknown): StoredMessage | undefined {
  if (!isRecord(item) || typeof item.id !== 'string' || typeof item.role !== 'string') return undefined;
  const content = recordOr(item.content);
  const parts = Array.isArray(content.parts) ? content.parts.filter(isPart) : [];
  const text = typeof content.content === 'string' ? content.content : '';
  const suspendedTools = recordOr(recordOr(content.metadata).suspendedTools);
  return { id: item.id, role: item.role, text, parts, suspendedTools };
}

/** The tool invocation a part holds, when it names its call and its tool. */
function invocationOf(part: StoredPart): ToolInvocation | undefined {
  if (part.type !== 'tool-invocation' || !isRecord(part.toolInvocation)) return undefined;
  const { state, toolCallId, toolName, args, result } = part.toolInvocation;
  if (typeof toolCallId !== 'string' || typeof toolName !== 'string') return undefined;
  return { state, toolCallId, toolName, args, result };
}

/** The suspension memory keeps for a call while it waits (own keys only: ids come from the model). */
const suspensionOf = (message: StoredMessage, toolCallId: string) =>
  Object.hasOwn(message.suspendedTools, toolCallId)
    ? (recordOr(message.suspendedTools[toolCallId]) as { runId?: unknown; suspendPayload?: unknown })
    : undefined;

const textOf = (message: StoredMessage): string => {
  const joined = message.parts
    .map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .join('');
  return joined || message.text;
};

/** The prompt entry of an `ask_user` tool invocation, or `undefined` for another tool. */
function promptEntryOf(message: StoredMessage, invocation: ToolInvocation): PromptEntry | undefined {
  const { toolCallId, toolName } = invocation;
  const suspended = suspensionOf(message, toolCallId);
  const suspendPayload = suspended?.suspendPayload ?? invocation.args;
  if (!isAskUserCall({ toolName, suspendPayload })) return undefined;
  // Waiting: keyed by its run, as the suspended-runs list and the live stream key it, so restore and
  // submit find it. Answered: the run is gone from the message; the message id keeps keys apart.
  const runId = typeof suspended?.runId === 'string' ? suspended.runId : undefined;
  const key = runId ? promptKey(runId, toolCallId) : promptKey(`${HISTORY_RUN}:${message.id}`, toolCallId);
  const prompt = parsePrompt({ runId: runId ?? HISTORY_RUN, toolCallId, toolName, suspendPayload }, key);
  const entry: PromptEntry = { type: 'prompt', id: key, prompt, state: 'expired' };
  if (invocation.state === 'result') {
    const read = readAskUserOutput(invocation.result, prompt);
    return read ? { ...entry, state: 'answered', answer: read.answer } : { ...entry, state: 'answered' };
  }
  if (runId) return { ...entry, state: prompt.kind === 'malformed' ? 'malformed' : 'ready' };
  // Asked, neither answered nor waiting: the run ended without it.
  return entry;
}

/**
 * Rebuilds a transcript from Mastra memory messages (oldest first): user messages, assistant text,
 * and each `ask_user` question with its answer (`answered`), the one still waiting (`ready`, keyed
 * by its run as `restore` keys it), or one the run left (`expired`). Other tools and whatever
 * cannot be read (a message without an id or role, a part that is not an object, a tool call
 * without its ids) are skipped; a message listed twice counts once, where it first comes. Never
 * throws.
 */
export function historyEntries(messages: readonly unknown[]): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  const ids = new Set<string>();
  const push = (entry: TranscriptEntry) => {
    if (ids.has(entry.id)) return;
    ids.add(entry.id);
    entries.push(entry);
  };
  const readIds = new Set<string>();
  for (const item of messages) {
    const message = readMessage(item);
    if (!message || readIds.has(message.id)) continue;
    readIds.add(message.id);
    if (message.role === 'user') {
      const text = textOf(message);
      if (text) push({ type: 'user', id: message.id, text });
      continue;
    }
    if (message.role !== 'assistant') continue;
    for (const [index, part] of message.parts.entries()) {
      const last = entries.at(-1);
      if (part.type === 'text' && typeof part.text === 'string' && part.text) {
        // Text parts of one reply in a row make one message.
        if (last?.type === 'assistant')
          entries[entries.length - 1] = { ...last, text: last.text + part.text };
        else push({ type: 'assistant', id: `${message.id}:${index}`, runId: HISTORY_RUN, text: part.text });
        continue;
      }
      const invocation = invocationOf(part);
      const prompt = invocation && promptEntryOf(message, invocation);
      if (prompt) push(prompt);
    }
  }
  return entries;
}

/** A tool call neither answered nor waiting: its answer is being taken (or its run died). */
export function isInBetween(item: unknown): boolean {
  const message = readMessage(item);
  if (!message) return false;
  return message.parts.some((part) => {
    const invocation = invocationOf(part);
    return invocation?.state === 'call' && !suspensionOf(message, invocation.toolCallId);
  });
}
