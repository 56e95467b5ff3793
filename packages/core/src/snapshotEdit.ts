import type { KnownChunk } from './chunks.ts';
import { EntryList, EntryListEdit } from './entryList.ts';
import { askingKey, isAskUserCall, parsePrompt, promptKey, type Prompt, type PromptState } from './prompt.ts';
import type {
  DecodeIssue,
  ItemCall,
  ItemEntry,
  ItemKind,
  PromptEntry,
  RunError,
  RunSnapshot,
  SuspensionItem,
  ToolCallEntry,
  TranscriptEntry,
  WaitingEntry,
} from './types.ts';

/** How many decode issues a snapshot keeps (the most recent). */
export const MAX_ISSUES = 50;

type ToolChunk = Extract<KnownChunk, { type: `tool-${string}` }>;

/** A snapshot's fields but its transcript (which an edit keeps as an `EntryList`). */
type Fields = Omit<RunSnapshot, 'transcript'>;

const OPEN_STATES: ReadonlySet<PromptState> = new Set(['ready', 'submitting', 'failed', 'malformed']);

/** True while the user should see the entry: `ready`, `submitting`, `failed` or `malformed`. */
export const isOpen = (state: PromptState): boolean => OPEN_STATES.has(state);

export const isPromptEntry = (entry: TranscriptEntry): entry is PromptEntry => entry.type === 'prompt';

/** What a waiting entry waits on: its prompt or its item (both name their run and tool call). */
const subjectOf = (entry: WaitingEntry): Prompt | SuspensionItem =>
  entry.type === 'prompt' ? entry.prompt : entry.item;

/** The key shared by every asking of one tool call (see `askingKey`). */
export const callKeyOf = (entry: WaitingEntry) => {
  const { runId, toolCallId } = subjectOf(entry);
  return promptKey(runId, toolCallId);
};

/** Where a transcript's prompts are: by key, and by tool call (one index per asking). */
interface PromptIndex {
  byKey: Map<string, number>;
  byCall: Map<string, readonly number[]>;
}

// A snapshot's transcript as the list an edit made (its `transcript` array is built from it when
// read), the list of a transcript built by hand, and each list's prompt index. Entries never move,
// so an index is carried from one list to the next. Weak: a dropped snapshot frees them.
const listOfSnapshot = new WeakMap<RunSnapshot, EntryList<TranscriptEntry>>();
const listOfArray = new WeakMap<readonly TranscriptEntry[], EntryList<TranscriptEntry>>();
const indexOfList = new WeakMap<EntryList<TranscriptEntry>, PromptIndex>();

/** The transcript of `s` as a list: the one its edit made, or one made once from its array. */
function transcriptOf(s: RunSnapshot): EntryList<TranscriptEntry> {
  const made = listOfSnapshot.get(s);
  if (made) return made;
  let list = listOfArray.get(s.transcript);
  if (!list) {
    list = EntryList.from(s.transcript);
    listOfArray.set(s.transcript, list);
  }
  return list;
}

/** The prompt index of `list`: carried, or read from its entries once. */
function indexOf(list: EntryList<TranscriptEntry>): PromptIndex {
  let index = indexOfList.get(list);
  if (index) return index;
  index = { byKey: new Map(), byCall: new Map() };
  for (const [position, entry] of list.toArray().entries()) {
    if (!isPromptEntry(entry)) continue;
    const key = callKeyOf(entry);
    index.byKey.set(entry.id, position);
    index.byCall.set(key, [...(index.byCall.get(key) ?? []), position]);
  }
  indexOfList.set(list, index);
  return index;
}

/**
 * True when the snapshot has a waiting entry (a prompt or an item) for the tool call `callKey`.
 * Costs a lookup, however long the transcript.
 */
export const isWaitedOn = (s: RunSnapshot, callKey: string): boolean =>
  indexOf(transcriptOf(s)).byCall.has(callKey) || s.items.some((entry) => callKeyOf(entry) === callKey);

const fieldsOf = ({
  status,
  runId,
  text,
  openPrompts,
  items,
  openItems,
  toolCalls,
  error,
  issues,
}: RunSnapshot) => ({
  status,
  runId,
  text,
  openPrompts,
  items,
  openItems,
  toolCalls,
  error,
  issues,
});

/**
 * A snapshot whose `transcript` is the array of `list`, built when it is first read (a reducer
 * that only appends to a long conversation never builds it).
 */
function snapshotOf(fields: Fields, list: EntryList<TranscriptEntry>): RunSnapshot {
  const snapshot: RunSnapshot = {
    ...fields,
    get transcript() {
      return list.toArray() as TranscriptEntry[];
    },
  };
  listOfSnapshot.set(snapshot, list);
  return snapshot;
}

/** The snapshot with `patch` applied; `s` itself when nothing changes. */
export function patchSnapshot(s: RunSnapshot, patch: Partial<Fields>): RunSnapshot {
  const edit = new SnapshotEdit(s);
  edit.set(patch);
  return edit.done();
}

/** The waiting entry `key` of `s` (a prompt or an item), if any: a lookup, however long the transcript. */
export const waitingEntryOf = (s: RunSnapshot, key: string): WaitingEntry | undefined =>
  new SnapshotEdit(s).entry(key);

/** The first item the kinds make of a call, if one of them knows it. */
function itemOf(kinds: readonly ItemKind[], call: ItemCall, key: string): SuspensionItem | undefined {
  for (const kind of kinds) {
    const item = kind.parse(call, key);
    if (item) return item;
  }
  return undefined;
}

export /**
 * The changes one action makes to a snapshot. Every waiting entry, a prompt in the transcript or
 * an item beside it, is found by its key and changed the same way. Each list is copied once, on
 * its first change, and the transcript only in part (see `EntryList`), so the events of a stream
 * (text, tool calls, new questions) cost the same in a long conversation as in a short one. The
 * snapshot it started from is never touched, nor are the entries an action leaves as they were.
 */
class SnapshotEdit {
  readonly from: RunSnapshot;
  readonly #kinds: readonly ItemKind[];
  #fields: Fields | undefined;
  readonly #list: EntryList<TranscriptEntry>;
  #transcript: EntryListEdit<TranscriptEntry> | undefined;
  /** The prompt index of the edited transcript, once a prompt is added. */
  #index: PromptIndex | undefined;
  #toolCalls: ToolCallEntry[] | undefined;
  /** Tool call key → its index in `toolCalls`. */
  #toolCallIndex: Map<string, number> | undefined;
  #items: ItemEntry[] | undefined;
  #issues: DecodeIssue[] = [];
  /** Prompts added, in order: open ones (`ready` or `malformed`) join the open prompts. */
  #addedPrompts: Prompt[] = [];
  /** A prompt's state changed: the open prompts are read again. */
  #promptStatesChanged = false;

  constructor(from: RunSnapshot, kinds: readonly ItemKind[] = []) {
    this.from = from;
    this.#kinds = kinds;
    this.#list = transcriptOf(from);
  }

  /** The snapshot's fields as edited so far (its transcript aside). */
  get current(): Fields {
    return this.#fields ?? this.from;
  }

  #writable(): Fields {
    this.#fields ??= fieldsOf(this.from);
    return this.#fields;
  }

  /** Sets scalar fields; a field set to the value it has is no change. */
  set(patch: Partial<Fields>): void {
    const current = this.current;
    const changed = (Object.keys(patch) as (keyof Fields)[]).some((field) => patch[field] !== current[field]);
    if (changed) Object.assign(this.#writable(), patch);
  }

  /** Enters run `runId`: another run than the current one starts with no text. */
  enterRun(runId: string | undefined): void {
    if (runId && runId !== this.current.runId) this.set({ runId, text: '' });
  }

  #transcriptEdit(): EntryListEdit<TranscriptEntry> {
    this.#transcript ??= new EntryListEdit(this.#list);
    return this.#transcript;
  }

  #entryAt(position: number): TranscriptEntry {
    return (this.#transcript ?? this.#list).at(position)!;
  }

  /** Adds a user message at the end of the transcript. */
  addMessage(id: string, text: string): void {
    this.#transcriptEdit().push({ type: 'user', id, text });
  }

  addIssue(issue: DecodeIssue): void {
    this.#issues.push(issue);
  }

  appendText(runId: string | undefined, text: string): void {
    if (!text) return;
    this.enterRun(runId);
    const run = this.current.runId ?? '';
    const transcript = this.#transcriptEdit();
    const last = transcript.at(transcript.length - 1);
    if (last?.type === 'assistant' && last.runId === run)
      transcript.set(transcript.length - 1, { ...last, text: last.text + text });
    else transcript.push({ type: 'assistant', id: `${run}:text:${transcript.length}`, runId: run, text });
    this.set({ text: this.current.text + text });
  }

  /** The tool calls, writable, and their index by key. */
  #toolCallList(): { toolCalls: ToolCallEntry[]; indexOf: Map<string, number> } {
    if (!this.#toolCalls || !this.#toolCallIndex) {
      this.#toolCalls = this.from.toolCalls.slice();
      this.#writable().toolCalls = this.#toolCalls;
      this.#toolCallIndex = new Map(this.#toolCalls.map((call, index) => [call.key, index]));
    }
    return { toolCalls: this.#toolCalls, indexOf: this.#toolCallIndex };
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
    const { toolCalls, indexOf } = this.#toolCallList();
    const runId = chunk.runId ?? this.current.runId ?? '';
    const { toolCallId, toolName = '', args } = chunk.payload;
    const key = promptKey(runId, toolCallId);
    const index = indexOf.get(key);
    if (index !== undefined) {
      const before = toolCalls[index]!;
      toolCalls[index] = { ...before, ...patch };
      return before;
    }
    indexOf.set(key, toolCalls.length);
    toolCalls.push({ key, runId, toolCallId, toolName, args, state: 'running', ...patch });
    return undefined;
  }

  #promptIndex(): PromptIndex {
    // Until a prompt is added, the edited transcript's prompts are where they were in `from`.
    return this.#index ?? indexOf(this.#list);
  }

  #itemList(): ItemEntry[] {
    if (!this.#items) {
      this.#items = this.from.items.slice();
      this.#writable().items = this.#items;
    }
    return this.#items;
  }

  /** The waiting entries of the tool call `callKey`, one per asking, oldest first. */
  #askingsOf(callKey: string): WaitingEntry[] {
    const prompts = (this.#promptIndex().byCall.get(callKey) ?? []).map(
      (position) => this.#entryAt(position) as PromptEntry,
    );
    const items = this.current.items.filter((entry) => callKeyOf(entry) === callKey);
    return [...prompts, ...items];
  }

  /**
   * Adds the waiting entry of a suspended call unless it is known: an `ask_user` question becomes
   * a prompt in the transcript; another call an item, when one of the store's item kinds knows it
   * (else it stays a suspended tool call). A `live` suspension of a call whose entries are all
   * closed is asked again: tool call ids come from the model, and some number them by position (a
   * restarted server, a provider counting from call_1 again), so it gets a key of its own. A
   * restored one is already known.
   */
  addWaiting(call: ItemCall, live: boolean): void {
    const callKey = promptKey(call.runId, call.toolCallId);
    const askings = this.#askingsOf(callKey);
    if (askings.length > 0 && (!live || askings.some((entry) => isOpen(entry.state)))) return;
    const key = askingKey(call.runId, call.toolCallId, askings.length + 1);
    if (
      !call.requiresApproval &&
      isAskUserCall({ toolName: call.toolName, suspendPayload: call.suspendPayload })
    ) {
      this.#addPrompt(parsePrompt({ ...call, suspendPayload: call.suspendPayload }, key), callKey);
      return;
    }
    const item = itemOf(this.#kinds, call, key);
    if (!item) return;
    this.#itemList().push({
      type: 'item',
      id: key,
      item,
      state: item.kind === 'malformed' ? 'malformed' : 'ready',
    });
  }

  #addPrompt(prompt: Prompt, callKey: string): void {
    const transcript = this.#transcriptEdit();
    const before = this.#promptIndex();
    this.#index ??= { byKey: new Map(before.byKey), byCall: new Map(before.byCall) };
    this.#index.byKey.set(prompt.key, transcript.length);
    this.#index.byCall.set(callKey, [...(before.byCall.get(callKey) ?? []), transcript.length]);
    transcript.push({
      type: 'prompt',
      id: prompt.key,
      prompt,
      state: prompt.kind === 'malformed' ? 'malformed' : 'ready',
    });
    this.#addedPrompts.push(prompt);
  }

  /** The waiting entry `key` (a prompt or an item), if any. */
  entry(key: string): WaitingEntry | undefined {
    const position = this.#promptIndex().byKey.get(key);
    if (position !== undefined) return this.#entryAt(position) as PromptEntry;
    return this.current.items.find((entry) => entry.id === key);
  }

  /** Applies `patch` to the waiting entry `key`, if there is one. */
  setEntry(key: string, patch: Partial<Pick<WaitingEntry, 'state' | 'answer' | 'error'>>): void {
    const position = this.#promptIndex().byKey.get(key);
    if (position !== undefined) {
      const entry = this.#entryAt(position) as PromptEntry;
      this.#transcriptEdit().set(position, { ...entry, ...patch } as PromptEntry);
      this.#promptStatesChanged = true;
      return;
    }
    const items = this.current.items;
    const index = items.findIndex((entry) => entry.id === key);
    if (index < 0) return;
    this.#itemList()[index] = { ...items[index]!, ...patch } as ItemEntry;
  }

  /** Applies `patch` to every open waiting entry in state `state` (an open state). */
  setEntriesIn(state: PromptState, patch: Partial<Pick<WaitingEntry, 'state' | 'answer' | 'error'>>): void {
    for (const key of this.#openKeys()) if (this.entry(key)?.state === state) this.setEntry(key, patch);
  }

  /** The keys of the open waiting entries. */
  #openKeys(): string[] {
    const { openPrompts, openItems } = this.current;
    return [...openPrompts, ...openItems].map((subject) => subject.key);
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
      this.#writable().issues = [...this.from.issues, ...this.#issues].slice(-MAX_ISSUES);
    if (this.#promptStatesChanged) this.#writable().openPrompts = this.#openPrompts();
    else if (this.#addedPrompts.length > 0)
      // Added at the end of the transcript, and open: after the open prompts, in order.
      this.#writable().openPrompts = [...this.from.openPrompts, ...this.#addedPrompts];
    if (this.#items) this.#writable().openItems = this.#openItems(this.#items);
    const list = this.#transcript?.done() ?? this.#list;
    if (!this.#fields && list === this.#list) return this.from;
    // The new list's prompts sit where they sat, plus the ones added.
    if (list !== this.#list) indexOfList.set(list, this.#promptIndex());
    return snapshotOf(this.#fields ?? fieldsOf(this.from), list);
  }

  /** The open prompts in transcript order; the previous list when they are the same. */
  #openPrompts(): Prompt[] {
    const open: Prompt[] = [];
    for (const position of this.#promptIndex().byKey.values()) {
      const entry = this.#entryAt(position) as PromptEntry;
      if (isOpen(entry.state)) open.push(entry.prompt);
    }
    return sameOr(this.from.openPrompts, open);
  }

  #openItems(items: readonly ItemEntry[]): SuspensionItem[] {
    const open = items.filter((entry) => isOpen(entry.state)).map((entry) => entry.item);
    return sameOr(this.from.openItems, open);
  }
}

/** `before` when `after` holds the same elements, else `after`. */
function sameOr<T>(before: T[], after: T[]): T[] {
  const same = after.length === before.length && after.every((element, index) => element === before[index]);
  return same ? before : after;
}
