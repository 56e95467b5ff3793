import type { KnownChunk } from './chunks.ts';
import {
  addTo,
  callKeyOf,
  Conversation,
  CONVERSATION,
  conversationOf,
  isOpen,
  type Entry,
  type WaitingIndex,
} from './conversation.ts';
import { EntryListEdit, type EntryList } from './entryList.ts';
import { askingKey, isAskUserCall, parsePrompt, promptKey, type Prompt, type PromptState } from './prompt.ts';
import type {
  DecodeIssue,
  ItemCall,
  ItemEntry,
  ItemKind,
  RunError,
  RunSnapshot,
  SuspensionItem,
  ToolCallEntry,
  WaitingEntry,
} from './types.ts';

export { callKeyOf, isOpen, isPromptEntry } from './conversation.ts';

/** How many decode issues a snapshot keeps (the most recent). */
export const MAX_ISSUES = 50;

type ToolChunk = Extract<KnownChunk, { type: `tool-${string}` }>;

/** What a patch of a waiting entry may change: its lifecycle. */
type Lifecycle = Partial<Pick<WaitingEntry, 'state' | 'answer' | 'error'>>;

/** The fields an edit sets (the transcript and the lists of waiting entries it derives itself). */
type Fields = Pick<RunSnapshot, 'status' | 'runId' | 'text' | 'toolCalls' | 'error' | 'issues'>;

/** The waiting entry `key` of `s` (a prompt or an item), if any: a lookup, however long the conversation. */
export const waitingEntryOf = (s: RunSnapshot, key: string): WaitingEntry | undefined =>
  new SnapshotEdit(s).entry(key);

/** The snapshot with `patch` applied; `s` itself when nothing changes. */
export function patchSnapshot(s: RunSnapshot, patch: Partial<Fields>): RunSnapshot {
  const edit = new SnapshotEdit(s);
  edit.set(patch);
  return edit.done();
}

/** The first item the kinds make of a call, if one of them knows it. */
function itemOf(kinds: readonly ItemKind[], call: ItemCall, key: string): SuspensionItem | undefined {
  for (const kind of kinds) {
    const item = kind.parse(call, key);
    if (item) return item;
  }
  return undefined;
}

/** `before` when `after` holds the same elements, else `after`. */
function sameOr<T>(before: T[], after: T[]): T[] {
  const same = after.length === before.length && after.every((element, index) => element === before[index]);
  return same ? before : after;
}

export /**
 * The changes one action makes to a snapshot. The conversation is one list of entries (messages,
 * replies, and waiting entries of every kind where they were asked), found by key and changed the
 * same way whatever they wait on. The list is copied only in part (see `EntryList`) and lookups
 * are carried from one snapshot to the next, so the events of a stream (text, tool calls, new
 * questions) cost the same in a long conversation as in a short one. The snapshot it started from
 * is never touched, nor are the entries an action leaves as they were.
 */
class SnapshotEdit {
  readonly from: RunSnapshot;
  readonly #kinds: readonly ItemKind[];
  #fields: Fields | undefined;
  readonly #conversation: Conversation;
  readonly #list: EntryList<Entry>;
  #entries: EntryListEdit<Entry> | undefined;
  /** The index of the edited list, once a waiting entry is added. */
  #index: WaitingIndex | undefined;
  #toolCalls: ToolCallEntry[] | undefined;
  /** Tool call key → its index in `toolCalls`. */
  #toolCallIndex: Map<string, number> | undefined;
  #issues: DecodeIssue[] = [];
  /** A waiting entry was added or changed: the lists of them are read again. */
  #waitingChanged = false;

  constructor(from: RunSnapshot, kinds: readonly ItemKind[] = []) {
    this.from = from;
    this.#kinds = kinds;
    this.#conversation = conversationOf(from);
    this.#list = this.#conversation.list;
  }

  /** The snapshot's fields as edited so far. */
  get current(): Fields {
    return this.#fields ?? this.from;
  }

  /** Sets fields; a field set to the value it has is no change. */
  set(patch: Partial<Fields>): void {
    const current = this.current;
    if ((Object.keys(patch) as (keyof Fields)[]).every((field) => patch[field] === current[field])) return;
    if (this.#fields) Object.assign(this.#fields, patch);
    else {
      const { status, runId, text, toolCalls, error, issues } = current;
      this.#fields = { status, runId, text, toolCalls, error, issues, ...patch };
    }
  }

  /** Enters run `runId`: another run than the current one starts with no text. */
  enterRun(runId: string | undefined): void {
    if (runId && runId !== this.current.runId) this.set({ runId, text: '' });
  }

  #edit(): EntryListEdit<Entry> {
    this.#entries ??= new EntryListEdit(this.#list);
    return this.#entries;
  }

  #at(position: number): Entry {
    return (this.#entries ?? this.#list).at(position)!;
  }

  /** Adds a user message at the end of the conversation. */
  addMessage(id: string, text: string): void {
    this.#edit().push({ type: 'user', id, text });
  }

  addIssue(issue: DecodeIssue): void {
    this.#issues.push(issue);
  }

  appendText(runId: string | undefined, text: string): void {
    if (!text) return;
    this.enterRun(runId);
    const run = this.current.runId ?? '';
    const entries = this.#edit();
    const last = entries.at(entries.length - 1);
    if (last?.type === 'assistant' && last.runId === run)
      entries.set(entries.length - 1, { ...last, text: last.text + text });
    else entries.push({ type: 'assistant', id: `${run}:text:${entries.length}`, runId: run, text });
    this.set({ text: this.current.text + text });
  }

  /** The key of the tool call of `chunk` (a chunk without a run id belongs to the current run). */
  callKey(chunk: ToolChunk): string {
    return promptKey(chunk.runId ?? this.current.runId ?? '', chunk.payload.toolCallId);
  }

  /**
   * Applies `patch` to the tool call of this chunk, or adds the call (`running` unless the patch
   * says otherwise). Returns the call as it was, if it was known.
   */
  setToolCall(chunk: ToolChunk, patch: Partial<ToolCallEntry>): ToolCallEntry | undefined {
    if (!this.#toolCalls || !this.#toolCallIndex) {
      this.#toolCalls = this.from.toolCalls.slice();
      this.set({ toolCalls: this.#toolCalls });
      this.#toolCallIndex = new Map(this.#toolCalls.map((call, index) => [call.key, index]));
    }
    const [toolCalls, indexOf] = [this.#toolCalls, this.#toolCallIndex];
    const key = this.callKey(chunk);
    const { toolCallId, toolName = '', args } = chunk.payload;
    const index = indexOf.get(key);
    if (index !== undefined) {
      const before = toolCalls[index]!;
      toolCalls[index] = { ...before, ...patch };
      return before;
    }
    indexOf.set(key, toolCalls.length);
    const runId = chunk.runId ?? this.current.runId ?? '';
    toolCalls.push({ key, runId, toolCallId, toolName, args, state: 'running', ...patch });
    return undefined;
  }

  #waitingIndex(): WaitingIndex {
    // Until an entry is added, the edited list's waiting entries are where they were in `from`.
    return this.#index ?? this.#conversation.index;
  }

  /** The waiting entries of the tool call `callKey`, one per asking, oldest first. */
  #askingsOf(callKey: string): WaitingEntry[] {
    return (this.#waitingIndex().byCall.get(callKey) ?? []).map(
      (position) => this.#at(position) as WaitingEntry,
    );
  }

  /**
   * Adds the waiting entry of a suspended call unless it is known: an `ask_user` question becomes
   * a prompt; another call an item, when one of the store's item kinds knows it (else it stays a
   * suspended tool call). A `live` suspension of a call whose entries are all closed is asked
   * again: tool call ids come from the model, and some number them by position (a restarted
   * server, a provider counting from call_1 again), so it gets a key of its own. A restored one is
   * already known.
   */
  addWaiting(call: ItemCall, live: boolean): void {
    const askings = this.#askingsOf(promptKey(call.runId, call.toolCallId));
    if (askings.length > 0 && (!live || askings.some((entry) => isOpen(entry.state)))) return;
    const key = askingKey(call.runId, call.toolCallId, askings.length + 1);
    const { toolName, suspendPayload } = call;
    const isQuestion = !call.requiresApproval && isAskUserCall({ toolName, suspendPayload });
    const subject = isQuestion
      ? parsePrompt({ ...call, suspendPayload }, key)
      : itemOf(this.#kinds, call, key);
    if (!subject) return;
    if (call.agent) subject.agent = call.agent;
    const state = subject.kind === 'malformed' ? 'malformed' : 'ready';
    const signed = typeof call.signature === 'string' ? { signature: call.signature } : {};
    const entry: WaitingEntry = isQuestion
      ? { type: 'prompt', id: key, prompt: subject as Prompt, state, ...signed }
      : { type: 'item', id: key, item: subject as SuspensionItem, state, ...signed };
    const before = this.#waitingIndex();
    this.#index ??= { byKey: new Map(before.byKey), byCall: new Map(before.byCall) };
    addTo(this.#index, entry, this.#edit().length);
    this.#edit().push(entry);
    this.#waitingChanged = true;
  }

  /** The waiting entry `key` (a prompt or an item), if any. */
  entry(key: string): WaitingEntry | undefined {
    const position = this.#waitingIndex().byKey.get(key);
    return position === undefined ? undefined : (this.#at(position) as WaitingEntry);
  }

  /** Applies `patch` to the waiting entry `key`, if there is one. */
  setEntry(key: string, patch: Lifecycle): void {
    const position = this.#waitingIndex().byKey.get(key);
    if (position === undefined) return;
    this.#edit().set(position, { ...(this.#at(position) as WaitingEntry), ...patch } as WaitingEntry);
    this.#waitingChanged = true;
  }

  /** Applies `patch` to every open waiting entry in state `state` (an open state). */
  setEntriesIn(state: PromptState, patch: Lifecycle): void {
    const { openPrompts, openItems } = this.from;
    for (const { key } of [...openPrompts, ...openItems])
      if (this.entry(key)?.state === state) this.setEntry(key, patch);
  }

  /** The call `callKey` got its result or error: its open entries no longer wait, they expire. */
  finishCall(callKey: string): void {
    for (const entry of this.#askingsOf(callKey))
      if (isOpen(entry.state)) this.setEntry(entry.id, { state: 'expired' });
  }

  /** Re-opens an answered entry as `failed` with `error`, if its call is not asked again already. */
  reopen(key: string, error: RunError): void {
    const entry = this.entry(key);
    if (entry?.state !== 'answered') return;
    if (this.#askingsOf(callKeyOf(entry)).some((asking) => isOpen(asking.state))) return;
    this.setEntry(key, { state: 'failed', error });
  }

  /** The edited snapshot: `from` itself when nothing changed. */
  done(): RunSnapshot {
    if (this.#issues.length > 0)
      this.set({ issues: [...this.from.issues, ...this.#issues].slice(-MAX_ISSUES) });
    const list = this.#entries?.done() ?? this.#list;
    if (!this.#fields && list === this.#list) return this.from;
    const conversation =
      list === this.#list ? this.#conversation : new Conversation(list, this.#waitingIndex());
    const { openPrompts, items, openItems } = this.#waitingChanged ? this.#waitingLists(list) : this.from;
    // Field by field: a spread of `from` would read its transcript (and build a long one).
    const { status, runId, text, toolCalls, error, issues } = this.current;
    const snapshot: RunSnapshot = {
      status,
      runId,
      text,
      get transcript() {
        return conversation.transcript;
      },
      openPrompts,
      items,
      openItems,
      toolCalls,
      error,
      issues,
    };
    Object.defineProperty(snapshot, CONVERSATION, { value: conversation });
    return snapshot;
  }

  /** The open prompts, the items and the open items of `list`, in order; the previous lists when the same. */
  #waitingLists(list: EntryList<Entry>) {
    const openPrompts: Prompt[] = [];
    const items: ItemEntry[] = [];
    for (const position of this.#waitingIndex().byKey.values()) {
      const entry = list.at(position) as WaitingEntry;
      if (entry.type === 'item') items.push(entry);
      else if (isOpen(entry.state)) openPrompts.push(entry.prompt);
    }
    const openItems = items.filter((entry) => isOpen(entry.state)).map((entry) => entry.item);
    return {
      openPrompts: sameOr(this.from.openPrompts, openPrompts),
      items: sameOr(this.from.items, items),
      openItems: sameOr(this.from.openItems, openItems),
    };
  }
}
