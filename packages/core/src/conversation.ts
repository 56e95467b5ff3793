import { EntryList } from './entryList.ts';
import { promptKey, type Prompt, type PromptState } from './prompt.ts';
import type {
  ItemEntry,
  PromptEntry,
  RunSnapshot,
  SuspensionItem,
  TranscriptEntry,
  WaitingEntry,
} from './types.ts';

/**
 * One entry of the conversation as a snapshot keeps it: the transcript's entries, and items, each
 * where it was asked. `transcript` shows all but the items; `items` the items.
 */
export type Entry = TranscriptEntry | ItemEntry;

const OPEN_STATES: ReadonlySet<PromptState> = new Set(['ready', 'submitting', 'failed', 'malformed']);

/** True while the user should see the entry: `ready`, `submitting`, `failed` or `malformed`. */
export const isOpen = (state: PromptState): boolean => OPEN_STATES.has(state);

export const isPromptEntry = (entry: TranscriptEntry): entry is PromptEntry => entry.type === 'prompt';

const isWaiting = (entry: Entry): entry is WaitingEntry => entry.type === 'prompt' || entry.type === 'item';

/** What a waiting entry waits on: its prompt or its item (both name their run and tool call). */
const subjectOf = (entry: WaitingEntry): Prompt | SuspensionItem =>
  entry.type === 'prompt' ? entry.prompt : entry.item;

/** The key shared by every asking of one tool call (see `askingKey`). */
export const callKeyOf = (entry: WaitingEntry) => {
  const { runId, toolCallId } = subjectOf(entry);
  return promptKey(runId, toolCallId);
};

/** Where a list's waiting entries are: by key, and by tool call (one position per asking), in order. */
export interface WaitingIndex {
  byKey: Map<string, number>;
  byCall: Map<string, readonly number[]>;
}

/**
 * A snapshot's entries, and what is read from them once: the index of its waiting entries
 * (carried from one list to the next, as entries never move) and its transcript (its entries but
 * items, built when first read). Shared by the snapshots with the same entries.
 */
export class Conversation {
  readonly list: EntryList<Entry>;
  #index: WaitingIndex | undefined;
  #transcript: TranscriptEntry[] | undefined;

  constructor(list: EntryList<Entry>, index?: WaitingIndex) {
    this.list = list;
    this.#index = index;
  }

  get index(): WaitingIndex {
    if (!this.#index) {
      this.#index = { byKey: new Map(), byCall: new Map() };
      for (const [position, entry] of this.list.toArray().entries())
        if (isWaiting(entry)) addTo(this.#index, entry, position);
    }
    return this.#index;
  }

  get transcript(): TranscriptEntry[] {
    if (!this.#transcript) {
      this.#transcript = this.list
        .toArray()
        .filter((entry): entry is TranscriptEntry => entry.type !== 'item');
      ofTranscript.set(this.#transcript, this);
    }
    return this.#transcript;
  }
}

// The conversation each transcript was read from (or, for one built by hand, made of it once).
const ofTranscript = new WeakMap<readonly TranscriptEntry[], Conversation>();

/**
 * The prompt entry `key` of a transcript, if any: a lookup, however long the conversation. A
 * snapshot's transcript is looked up in the index its snapshot carries; any other transcript (one
 * built by hand, never changed in place, as no snapshot's is) is indexed once, when first asked.
 */
export function promptEntryOf(transcript: readonly TranscriptEntry[], key: string): PromptEntry | undefined {
  let conversation = ofTranscript.get(transcript);
  if (!conversation) {
    conversation = new Conversation(EntryList.from<Entry>(transcript));
    ofTranscript.set(transcript, conversation);
  }
  const position = conversation.index.byKey.get(key);
  const entry = position === undefined ? undefined : conversation.list.at(position);
  return entry?.type === 'prompt' ? entry : undefined;
}

export function addTo(index: WaitingIndex, entry: WaitingEntry, position: number): void {
  const callKey = callKeyOf(entry);
  index.byKey.set(entry.id, position);
  index.byCall.set(callKey, [...(index.byCall.get(callKey) ?? []), position]);
}

// A snapshot an edit made holds its conversation under this key, not enumerable: a spread copy (a
// snapshot built by hand from another) does not take it, and is read from its arrays instead.
export const CONVERSATION = Symbol('conversation');
const ofHandBuilt = new WeakMap<RunSnapshot, Conversation>();

/** The conversation of `s`: the one its edit made, or one made once of its transcript and items. */
export function conversationOf(s: RunSnapshot): Conversation {
  const made = (s as { [CONVERSATION]?: Conversation })[CONVERSATION];
  if (made) return made;
  let built = ofHandBuilt.get(s);
  if (!built) {
    built = new Conversation(EntryList.from<Entry>([...s.transcript, ...s.items]));
    ofHandBuilt.set(s, built);
  }
  return built;
}

/**
 * True when the snapshot has a waiting entry (a prompt or an item) for the tool call `callKey`.
 * A lookup, however long the conversation.
 */
export const isWaitedOn = (s: RunSnapshot, callKey: string): boolean =>
  conversationOf(s).index.byCall.has(callKey);
