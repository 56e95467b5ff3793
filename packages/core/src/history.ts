// @ask-user-kit/core/history: a conversation's past, read from Mastra's memory (threads and their messages).
import { httpFailure, isAbortError, messageOf, statusMessage, toRunError, TransportError } from './errors.ts';
import { isAskUserCall, parsePrompt, promptKey, type AnswerValue, type Prompt } from './prompt.ts';
import { isBusy, waitingOr } from './reduceRun.ts';
import { isOpen, isPromptEntry } from './snapshotEdit.ts';
import type { FetchTransportOptions } from './transports/fetchTransport.ts';
import type { PromptEntry, RunSnapshot, RunStore, TranscriptEntry } from './types.ts';

/** Where the thread's messages are read from: the fetch transport's options, and the conversation. */
export interface ThreadHistoryOptions extends Pick<
  FetchTransportOptions,
  'baseUrl' | 'agentId' | 'apiPrefix' | 'fetch' | 'headers'
> {
  threadId: string;
  /** The thread's owner: Mastra refuses to read a thread of another resource. */
  resourceId?: string;
  signal?: AbortSignal;
}

/** What the server keeps of a conversation. */
export interface ThreadHistory {
  /** False when the agent has no memory configured: the server keeps no history, `entries` is empty. */
  memory: boolean;
  /** User messages, assistant text and questions with their answers, oldest first. */
  entries: TranscriptEntry[];
  /**
   * False while a tool call is neither answered nor waiting: an answer is being taken, and the
   * server has not written the rest yet (it shows `expired` for now). Read again shortly.
   */
  settled: boolean;
}

/** A message of Mastra's memory (format 2), as far as the kit reads it. */
interface StoredMessage {
  id: string;
  role: string;
  createdAt?: string;
  content?: {
    content?: unknown;
    parts?: StoredPart[];
    metadata?: { suspendedTools?: Record<string, { runId?: unknown; suspendPayload?: unknown }> };
  };
}

interface StoredPart {
  type: string;
  text?: unknown;
  toolInvocation?: {
    state?: string;
    toolCallId?: unknown;
    toolName?: unknown;
    args?: unknown;
    result?: unknown;
  };
}

// Mastra's askUserTool answers the model with this sentence; the answer follows it.
const ANSWERED = /^User answered: ([\s\S]*)$/;
// One page of messages per request, newest page first; a long thread takes a few.
const PAGE_SIZE = 200;
const MAX_PAGES = 25;
// A prompt of the history whose run is not known (Mastra keeps the run id only while it waits).
const HISTORY_RUN = 'history';

/** The labels an answer to a multiple-choice question named: Mastra joins them with ", ". */
function labelsOf(text: string, prompt: Prompt): AnswerValue {
  if (prompt.kind !== 'multiple') return text;
  const labels = new Set(prompt.options.map((option) => option.label));
  const picked: string[] = [];
  let pending = '';
  // Pieces are joined again until they make a label: a label may hold ", " itself.
  for (const piece of text.split(', ')) {
    pending = pending ? `${pending}, ${piece}` : piece;
    if (labels.has(pending)) {
      picked.push(pending);
      pending = '';
    }
  }
  return pending ? text : picked;
}

/** The answer a tool result carries, if it is askUserTool's sentence. */
function answerOf(result: unknown, prompt: Prompt): AnswerValue | undefined {
  const content = typeof result === 'string' ? result : (Object(result) as { content?: unknown }).content;
  if (typeof content !== 'string') return undefined;
  const found = ANSWERED.exec(content);
  return found ? labelsOf(found[1]!, prompt) : undefined;
}

const textOf = (message: StoredMessage): string => {
  const parts = message.content?.parts ?? [];
  const text = parts.map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : ''));
  const joined = text.join('');
  return joined || (typeof message.content?.content === 'string' ? message.content.content : '');
};

/** The prompt entry of an `ask_user` tool invocation, or `undefined` for another tool. */
function promptEntryOf(message: StoredMessage, part: StoredPart): PromptEntry | undefined {
  const invocation = part.toolInvocation;
  if (!invocation || typeof invocation.toolCallId !== 'string' || typeof invocation.toolName !== 'string')
    return undefined;
  const { toolCallId, toolName } = invocation;
  const suspended = message.content?.metadata?.suspendedTools?.[toolCallId];
  const suspendPayload = suspended?.suspendPayload ?? invocation.args;
  if (!isAskUserCall({ toolName, suspendPayload })) return undefined;
  // Waiting: keyed by its run, as the suspended-runs list and the live stream key it, so restore and
  // submit find it. Answered: the run is gone from the message; the message id keeps keys apart.
  const runId = typeof suspended?.runId === 'string' ? suspended.runId : undefined;
  const key = runId ? promptKey(runId, toolCallId) : promptKey(`${HISTORY_RUN}:${message.id}`, toolCallId);
  const prompt = parsePrompt({ runId: runId ?? HISTORY_RUN, toolCallId, toolName, suspendPayload }, key);
  const entry: PromptEntry = { type: 'prompt', id: key, prompt, state: 'expired' };
  if (invocation.state === 'result') {
    const answer = answerOf(invocation.result, prompt);
    return answer === undefined ? { ...entry, state: 'answered' } : { ...entry, state: 'answered', answer };
  }
  if (runId) return { ...entry, state: prompt.kind === 'malformed' ? 'malformed' : 'ready' };
  // Asked, neither answered nor waiting: the run ended without it.
  return entry;
}

/**
 * Rebuilds a transcript from Mastra memory messages (oldest first): user messages, assistant text,
 * and each `ask_user` question with its answer (`answered`), the one still waiting (`ready`, keyed
 * by its run as `restore` keys it), or one the run left (`expired`). Other tools and unreadable
 * messages are skipped. Never throws.
 */
export function historyEntries(messages: readonly unknown[]): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  for (const item of messages) {
    const message = Object(item) as StoredMessage;
    if (typeof message.id !== 'string') continue;
    if (message.role === 'user') {
      const text = textOf(message);
      if (text) entries.push({ type: 'user', id: message.id, text });
      continue;
    }
    if (message.role !== 'assistant') continue;
    for (const [index, part] of (message.content?.parts ?? []).entries()) {
      const last = entries.at(-1);
      if (part.type === 'text' && typeof part.text === 'string' && part.text) {
        // Text parts of one reply in a row make one message.
        if (last?.type === 'assistant')
          entries[entries.length - 1] = { ...last, text: last.text + part.text };
        else
          entries.push({
            type: 'assistant',
            id: `${message.id}:${index}`,
            runId: HISTORY_RUN,
            text: part.text,
          });
        continue;
      }
      if (part.type !== 'tool-invocation') continue;
      const prompt = promptEntryOf(message, part);
      if (prompt) entries.push(prompt);
    }
  }
  return entries;
}

/** The same question: one tool call of one asking (the history of an answered one does not name its run). */
const sameQuestion = (a: PromptEntry, b: PromptEntry) =>
  a.prompt.toolCallId === b.prompt.toolCallId && a.prompt.question === b.prompt.question;

/**
 * The snapshot with the conversation as the server keeps it: the history's entries become the
 * transcript. Prompts the snapshot knows keep their entry (their state, a kept answer), unless the
 * history closed one the snapshot still shows open (answered in another tab or on another device),
 * or has the answer to one the snapshot shows expired.
 * A snapshot that is streaming, or whose last request failed (its message may be sent again), is
 * newer than any history: it is returned as it is, as it is for an empty history.
 */
export function withHistory(s: RunSnapshot, entries: readonly TranscriptEntry[]): RunSnapshot {
  if (isBusy(s.status) || s.status === 'error' || entries.length === 0) return s;
  const known = s.transcript.filter(isPromptEntry);
  const transcript = entries.map((entry) => {
    if (entry.type !== 'prompt') return entry;
    const mine = known.find((candidate) => sameQuestion(candidate, entry));
    if (!mine) return entry;
    // Closed since (elsewhere), or known as answered now (a history read while the answer was
    // being taken shows it neither waiting nor answered: expired, for that moment).
    const closedSince = isOpen(mine.state) && !isOpen(entry.state);
    const answeredSince = mine.state === 'expired' && entry.state === 'answered';
    return closedSince || answeredSince ? entry : mine;
  });
  const openPrompts = transcript
    .filter(isPromptEntry)
    .filter((entry) => isOpen(entry.state))
    .map((entry) => entry.prompt);
  const next: RunSnapshot = { ...s, transcript, openPrompts };
  return { ...next, status: waitingOr(next, s.status === 'awaiting-input' ? 'idle' : s.status) };
}

/** Shows a thread's history (`loadThreadHistory`'s entries) in a store: see `withHistory`. */
export const loadHistory = (store: Pick<RunStore, 'edit'>, entries: readonly TranscriptEntry[]): void =>
  store.edit((snapshot) => withHistory(snapshot, entries));

/** A tool call neither answered nor waiting: its answer is being taken (or its run died). */
function inBetween(item: unknown): boolean {
  const message = Object(item) as StoredMessage;
  const suspended = message.content?.metadata?.suspendedTools ?? {};
  return (message.content?.parts ?? []).some(({ toolInvocation: call }) => {
    if (!call || call.state !== 'call' || typeof call.toolCallId !== 'string') return false;
    return !Object.hasOwn(suspended, call.toolCallId);
  });
}

/** GETs JSON; every failure but an abort is a `TransportError` with the answer as its `cause`. */
async function getJson(
  url: string,
  options: ThreadHistoryOptions,
): Promise<{ status: number; body: unknown }> {
  const { headers: extra, signal } = options;
  const headers = new Headers(typeof extra === 'function' ? await extra() : extra);
  const response = await (options.fetch ?? fetch)(url, { headers, signal }).catch((error: unknown) => {
    throw isAbortError(error) ? error : new TransportError(toRunError(error), { cause: error });
  });
  const body: unknown = await response.json().catch(() => signal?.throwIfAborted());
  if (response.ok || response.status === 404) return { status: response.status, body };
  const error = (Object(body) as { error?: unknown }).error;
  throw new TransportError(httpFailure(response.status, messageOf(error, statusMessage(response.status))), {
    cause: body,
  });
}

/**
 * Reads a thread's messages from Mastra's memory routes (scoped to the agent and the resource) and
 * rebuilds its transcript. A thread the server does not know is a conversation not begun yet
 * (`entries` empty); an agent without memory gives `memory: false`. Rejects with a
 * `TransportError` when the server cannot be read.
 * @example
 * const { memory, entries } = await loadThreadHistory({ baseUrl: '', agentId: 'planner', threadId, resourceId });
 * if (memory) loadHistory(store, entries);
 */
export async function loadThreadHistory(options: ThreadHistoryOptions): Promise<ThreadHistory> {
  const root = `${options.baseUrl.replace(/\/+$/, '')}${options.apiPrefix ?? '/api'}/memory`;
  const agent = `agentId=${encodeURIComponent(options.agentId)}`;
  const resource = options.resourceId ? `&resourceId=${encodeURIComponent(options.resourceId)}` : '';
  const thread = `${root}/threads/${encodeURIComponent(options.threadId)}/messages?${agent}${resource}`;
  const pages: unknown[][] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const { status, body } = await getJson(`${thread}&perPage=${PAGE_SIZE}&page=${page}`, options);
    if (status === 404) {
      // "Thread not found": not begun yet, or never kept (no memory): the status route tells which.
      const memory = await getJson(`${root}/status?${agent}`, options);
      const kept = (Object(memory.body) as { result?: unknown }).result === true;
      return { memory: kept, entries: [], settled: true };
    }
    const { messages, hasMore } = Object(body) as { messages?: unknown; hasMore?: unknown };
    pages.push(Array.isArray(messages) ? messages : []);
    if (hasMore !== true) break;
  }
  // Page 0 holds the newest messages, each page oldest first.
  const messages = pages.reverse().flat();
  return { memory: true, entries: historyEntries(messages), settled: !messages.some(inBetween) };
}
