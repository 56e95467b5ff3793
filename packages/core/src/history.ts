// A conversation's past, read from Mastra's memory (threads and their messages).
import {
  httpFailure,
  isAbortError,
  messageOf,
  statusMessage,
  toRunError,
  TransportError,
  unexpectedAnswerMessage,
} from './errors.ts';
import { editStore } from './storeSeams.ts';
import { historyEntries, isInBetween } from './historyEntries.ts';
import { quote } from './quote.ts';
import { isBusy, waitingOr } from './reduceRun.ts';
import { isOpen, isPromptEntry } from './snapshotEdit.ts';
import type { FetchTransportOptions } from './transports/fetchTransport.ts';
import type { PromptEntry, RunSnapshot, RunStore, TranscriptEntry } from './types.ts';

export { historyEntries } from './historyEntries.ts';

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

// One page of messages per request, newest page first; a long thread takes a few.
const PAGE_SIZE = 200;
const MAX_PAGES = 25;

/** Prompts by tool call id, then by question (the history of an answered one does not name its run), in order. */
type PromptsByQuestion = Map<string, Map<string | undefined, PromptEntry[]>>;

const sameQuestion = (index: PromptsByQuestion, { prompt }: PromptEntry) =>
  index.get(prompt.toolCallId)?.get(prompt.question);

/**
 * Pairs each prompt of the history with the snapshot's entry for the same question, if any: the
 * one with its key first (a waiting question is keyed by its run in both), then, in order, one of
 * the same tool call and question (an answered one, which the history keys by its message). Each
 * entry of the snapshot pairs once: a model that reuses call ids asks the same question again.
 * One pass over each list, through maps.
 */
function pairPrompts(known: readonly TranscriptEntry[], entries: readonly TranscriptEntry[]) {
  const byKey = new Map<string, PromptEntry>();
  const byQuestion: PromptsByQuestion = new Map();
  for (const entry of known) {
    if (!isPromptEntry(entry)) continue;
    byKey.set(entry.id, entry);
    const { toolCallId, question } = entry.prompt;
    const questions = byQuestion.get(toolCallId) ?? new Map<string | undefined, PromptEntry[]>();
    byQuestion.set(toolCallId, questions);
    const same = questions.get(question);
    if (same) same.push(entry);
    else questions.set(question, [entry]);
  }
  const pairs = new Map<PromptEntry, PromptEntry>();
  const paired = new Set<PromptEntry>();
  const pair = (entry: PromptEntry, mine: PromptEntry | undefined) => {
    if (!mine || paired.has(mine)) return;
    pairs.set(entry, mine);
    paired.add(mine);
  };
  const prompts = entries.filter(isPromptEntry);
  for (const entry of prompts) pair(entry, byKey.get(entry.id));
  // Where each list of same questions is read up to.
  const read = new Map<readonly PromptEntry[], number>();
  for (const entry of prompts) {
    if (pairs.has(entry)) continue;
    const candidates = sameQuestion(byQuestion, entry) ?? [];
    let index = read.get(candidates) ?? 0;
    while (index < candidates.length && paired.has(candidates[index]!)) index++;
    read.set(candidates, index + 1);
    pair(entry, candidates[index]);
  }
  return pairs;
}

/**
 * The snapshot with the conversation as the server keeps it: the history's entries become the
 * transcript. Prompts the snapshot knows keep their entry (their state, a kept answer), unless the
 * history closed one the snapshot still shows open (answered in another tab or on another device),
 * or has the answer to one the snapshot shows expired: then the history's state and answer, under
 * the snapshot's key and prompt, so that the run's tool call still finds its question.
 * A snapshot that is streaming, or whose last request failed (its message may be sent again), is
 * newer than any history: it is returned as it is, as it is for an empty history.
 */
export function withHistory(s: RunSnapshot, entries: readonly TranscriptEntry[]): RunSnapshot {
  if (isBusy(s.status) || s.status === 'error' || entries.length === 0) return s;
  const pairs = pairPrompts(s.transcript, entries);
  const transcript = entries.map((entry): TranscriptEntry => {
    if (entry.type !== 'prompt') return entry;
    const mine = pairs.get(entry);
    if (!mine) return entry;
    // Closed since (elsewhere), or known as answered now (a history read while the answer was
    // being taken shows it neither waiting nor answered: expired, for that moment).
    const closedSince = isOpen(mine.state) && !isOpen(entry.state);
    const answeredSince = mine.state === 'expired' && entry.state === 'answered';
    if (!closedSince && !answeredSince) return mine;
    const closed: PromptEntry = { type: 'prompt', id: mine.id, prompt: mine.prompt, state: entry.state };
    return entry.answer === undefined ? closed : { ...closed, answer: entry.answer };
  });
  const openPrompts = transcript
    .filter(isPromptEntry)
    .filter((entry) => isOpen(entry.state))
    .map((entry) => entry.prompt);
  const next: RunSnapshot = { ...s, transcript, openPrompts };
  return { ...next, status: waitingOr(next, s.status === 'awaiting-input' ? 'idle' : s.status) };
}

/** Shows a thread's history (`loadThreadHistory`'s entries) in a store: see `withHistory`. */
export const loadHistory = (store: RunStore, entries: readonly TranscriptEntry[]): void =>
  editStore(store, (snapshot) => withHistory(snapshot, entries));

/** GETs JSON; every failure but an abort is a `TransportError` with the answer as its `cause`. */
async function getJson(
  url: string,
  options: ThreadHistoryOptions,
): Promise<{ status: number; body: unknown }> {
  const { headers: extra, signal } = options;
  const response = await (async () => {
    const headers = new Headers(typeof extra === 'function' ? await extra() : extra);
    return (options.fetch ?? fetch)(url, { headers, signal });
  })().catch((error: unknown) => {
    throw isAbortError(error) ? error : new TransportError(toRunError(error), { cause: error });
  });
  const { ok, status } = response;
  const body: unknown = await response.json().catch(() => signal?.throwIfAborted());
  if (status === 404) return { status, body };
  if (ok && body !== undefined) return { status, body };
  if (ok) {
    // A dev server's page or a proxy's (200, HTML): not Mastra's memory routes.
    const type = response.headers.get('content-type') ?? '';
    const got = type.includes('html') ? 'HTML' : quote(type || 'no content type');
    throw new TransportError({ code: 'http', status, message: unexpectedAnswerMessage(got, 'JSON') });
  }
  const error = (Object(body) as { error?: unknown }).error;
  throw new TransportError(httpFailure(status, messageOf(error, statusMessage(status))), { cause: body });
}

/** A message's id, when it has one to count it once by. */
const idOf = (message: unknown): string | undefined => {
  const { id } = Object(message) as { id?: unknown };
  return typeof id === 'string' ? id : undefined;
};

/**
 * The pages' messages, oldest first, each once. Pages are read newest first (page 0 holds the
 * newest messages, each page oldest first), by offset: a message written between two reads moves
 * the older ones down, so the next page starts with messages the last one had. A message read
 * twice counts once, at its place, as its later read has it (an answer may have come in between).
 */
function mergePages(pages: readonly (readonly unknown[])[]): unknown[] {
  const latest = new Map<string, unknown>();
  for (const message of pages.flat()) {
    const id = idOf(message);
    if (id !== undefined) latest.set(id, message);
  }
  const seen = new Set<string>();
  const merged: unknown[] = [];
  for (const message of [...pages].reverse().flat()) {
    const id = idOf(message);
    if (id === undefined) merged.push(message);
    else if (!seen.has(id)) {
      seen.add(id);
      merged.push(latest.get(id));
    }
  }
  return merged;
}

/**
 * Reads a thread's messages from Mastra's memory routes (scoped to the agent and the resource) and
 * rebuilds its transcript. A thread the server does not know is a conversation not begun yet
 * (`entries` empty); an agent without memory gives `memory: false`. Rejects with a
 * `TransportError` when the server cannot be read (or answers what is not JSON); a message it
 * cannot read is skipped (see `historyEntries`).
 * @example
 * const { memory, entries } = await loadThreadHistory({ baseUrl: '', agentId: 'planner', threadId, resourceId });
 * // To show it in a run and keep it in step, use createHistoryObserver.
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
  const messages = mergePages(pages);
  return { memory: true, entries: historyEntries(messages), settled: !messages.some(isInBetween) };
}
