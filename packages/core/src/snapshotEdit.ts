import type { KnownChunk } from './chunks.ts';
import {
  askingKey,
  isAskUserCall,
  parsePrompt,
  promptKey,
  type Prompt,
  type PromptState,
  type SuspendedToolCall,
} from './prompt.ts';
import type {
  DecodeIssue,
  PromptEntry,
  RunError,
  RunSnapshot,
  ToolCallEntry,
  TranscriptEntry,
} from './types.ts';

/** How many decode issues a snapshot keeps (the most recent). */
export const MAX_ISSUES = 50;

type ToolChunk = Extract<KnownChunk, { type: `tool-${string}` }>;

const OPEN_STATES: ReadonlySet<PromptState> = new Set(['ready', 'submitting', 'failed', 'malformed']);

/** True while the user should see the prompt: `ready`, `submitting`, `failed` or `malformed`. */
export const isOpen = (state: PromptState): boolean => OPEN_STATES.has(state);

export const isPromptEntry = (entry: TranscriptEntry): entry is PromptEntry => entry.type === 'prompt';

/** The key shared by every asking of one tool call (see `askingKey`). */
export const callKeyOf = (prompt: Prompt) => promptKey(prompt.runId, prompt.toolCallId);

/** Tool call key → the transcript indexes of its prompts, one per asking. */
type Askings = ReadonlyMap<string, readonly number[]>;

// The askings of each transcript the edits made, carried from one transcript to the next (entries
// never move, so indexes stay valid): a question arriving in a long conversation looks up its
// call, instead of reading every entry to find the prompts. Weak: a dropped snapshot frees it.
const askingsByTranscript = new WeakMap<readonly TranscriptEntry[], Askings>();

/** The askings of `transcript`: remembered, or read from its entries once. */
function askingsOf(transcript: readonly TranscriptEntry[]): Askings {
  let askings = askingsByTranscript.get(transcript);
  if (askings) return askings;
  const built = new Map<string, number[]>();
  for (const [index, entry] of transcript.entries()) {
    if (!isPromptEntry(entry)) continue;
    const key = callKeyOf(entry.prompt);
    built.set(key, [...(built.get(key) ?? []), index]);
  }
  askings = built;
  askingsByTranscript.set(transcript, askings);
  return askings;
}

/** True when the transcript has a prompt for the tool call `callKey` (any of its askings). */
export const isAsked = (transcript: readonly TranscriptEntry[], callKey: string): boolean =>
  askingsOf(transcript).has(callKey);

export /**
 * The changes one action makes to a snapshot. Each list is copied once, on its first change, and
 * each lookup by key is built once, so an action costs one pass over the snapshot plus one step
 * per event it carries, never a pass per event. The snapshot it started from is never touched,
 * nor are the entries an action leaves as they were: they keep their identity, and the events of a
 * stream (text, tool calls, new questions) read none of them, so a batch costs the same in a long
 * conversation as in a short one, but for one copy of the transcript's list of references.
 */
class SnapshotEdit {
  readonly from: RunSnapshot;
  #next: RunSnapshot | undefined;
  #transcript: TranscriptEntry[] | undefined;
  #toolCalls: ToolCallEntry[] | undefined;
  /** Tool call key → its index in `toolCalls`. */
  #toolCallIndex: Map<string, number> | undefined;
  /** The askings of the edited transcript, once a prompt is added. */
  #askings: Map<string, readonly number[]> | undefined;
  #issues: DecodeIssue[] = [];
  /** Prompts added, in order: open ones (`ready` or `malformed`) join the open prompts. */
  #addedPrompts: Prompt[] = [];
  /** A prompt's state changed: the open prompts are read from the transcript again. */
  #promptStatesChanged = false;

  constructor(from: RunSnapshot) {
    this.from = from;
  }

  get current(): RunSnapshot {
    return this.#next ?? this.from;
  }

  #writable(): RunSnapshot {
    this.#next ??= { ...this.from };
    return this.#next;
  }

  /** Sets scalar fields; a field set to the value it has is no change. */
  set(patch: Partial<Pick<RunSnapshot, 'status' | 'runId' | 'text' | 'error'>>): void {
    const current = this.current;
    const changed = (Object.keys(patch) as (keyof typeof patch)[]).some(
      (field) => patch[field] !== current[field],
    );
    if (changed) Object.assign(this.#writable(), patch);
  }

  /** Enters run `runId`: another run than the current one starts with no text. */
  enterRun(runId: string | undefined): void {
    if (runId && runId !== this.current.runId) this.set({ runId, text: '' });
  }

  /** The transcript, writable. Prompts are added through `addPrompt` only (it keeps their index). */
  transcript(): TranscriptEntry[] {
    if (!this.#transcript) {
      this.#transcript = this.from.transcript.slice();
      this.#writable().transcript = this.#transcript;
    }
    return this.#transcript;
  }

  addIssue(issue: DecodeIssue): void {
    this.#issues.push(issue);
  }

  appendText(runId: string | undefined, text: string): void {
    if (!text) return;
    this.enterRun(runId);
    const run = this.current.runId ?? '';
    const transcript = this.transcript();
    const last = transcript.at(-1);
    if (last?.type === 'assistant' && last.runId === run)
      transcript[transcript.length - 1] = { ...last, text: last.text + text };
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

  /** The transcript indexes of the prompts of the tool call `callKey`. */
  #askingsOf(callKey: string): readonly number[] {
    // Until a prompt is added, the edited transcript's prompts are where they were in `from`.
    return (this.#askings ?? askingsOf(this.from.transcript)).get(callKey) ?? [];
  }

  #openAsking(indexes: readonly number[]): PromptEntry | undefined {
    const transcript = this.#transcript ?? this.from.transcript;
    for (const index of indexes) {
      const entry = transcript[index] as PromptEntry;
      if (isOpen(entry.state)) return entry;
    }
    return undefined;
  }

  /**
   * Adds the question of a suspended `ask_user` call (another tool's call adds nothing) unless it
   * is known. A `live` suspension of a call whose questions are all closed is a new question: tool
   * call ids come from the model, and some number them by position (a restarted server, a provider
   * counting from call_1 again), so it gets a key of its own. A restored one is already known.
   */
  addPrompt(call: SuspendedToolCall, live: boolean): void {
    if (!isAskUserCall(call)) return;
    const callKey = promptKey(call.runId, call.toolCallId);
    const askings = this.#askingsOf(callKey);
    if (askings.length > 0 && (!live || this.#openAsking(askings))) return;
    const prompt = parsePrompt(call, askingKey(call.runId, call.toolCallId, askings.length + 1));
    const transcript = this.transcript();
    this.#askings ??= new Map(askingsOf(this.from.transcript));
    this.#askings.set(callKey, [...askings, transcript.length]);
    transcript.push({
      type: 'prompt',
      id: prompt.key,
      prompt,
      state: prompt.kind === 'malformed' ? 'malformed' : 'ready',
    });
    this.#addedPrompts.push(prompt);
  }

  /** Re-opens an answered prompt as `failed` with `error`, if it is not asked again already. */
  reopen(key: string, error: RunError): void {
    const index = this.transcriptIndexOf(key);
    if (index === undefined) return;
    const entry = this.current.transcript[index] as PromptEntry;
    if (entry.state !== 'answered' || this.#openAsking(this.#askingsOf(callKeyOf(entry.prompt)))) return;
    this.setPromptAt(index, { state: 'failed', error });
  }

  /** The transcript index of the prompt entry `key`, if any. */
  transcriptIndexOf(key: string): number | undefined {
    const index = this.current.transcript.findIndex((entry) => entry.type === 'prompt' && entry.id === key);
    return index < 0 ? undefined : index;
  }

  /** The prompt entry `key`, if any. */
  promptEntry(key: string): PromptEntry | undefined {
    const index = this.transcriptIndexOf(key);
    return index === undefined ? undefined : (this.current.transcript[index] as PromptEntry);
  }

  setPromptAt(index: number, patch: Partial<PromptEntry>): void {
    const transcript = this.transcript();
    transcript[index] = { ...(transcript[index] as PromptEntry), ...patch };
    this.#promptStatesChanged = true;
  }

  setPrompt(key: string, patch: Partial<PromptEntry>): void {
    const index = this.transcriptIndexOf(key);
    if (index !== undefined) this.setPromptAt(index, patch);
  }

  /** Applies `change` to every prompt entry in state `state`, in one pass. */
  setPromptsIn(state: PromptState, change: (entry: PromptEntry) => PromptEntry): void {
    if (!this.current.transcript.some((entry) => entry.type === 'prompt' && entry.state === state)) return;
    const transcript = this.transcript();
    for (const [index, entry] of transcript.entries()) {
      if (entry.type === 'prompt' && entry.state === state) transcript[index] = change(entry);
    }
    this.#promptStatesChanged = true;
  }

  /** The edited snapshot: `from` itself when nothing changed. */
  done(): RunSnapshot {
    if (this.#issues.length > 0)
      this.#writable().issues = [...this.from.issues, ...this.#issues].slice(-MAX_ISSUES);
    if (this.#promptStatesChanged) this.#writable().openPrompts = this.#openPrompts();
    else if (this.#addedPrompts.length > 0)
      // Added at the end of the transcript, and open: after the open prompts, in order.
      this.#writable().openPrompts = [...this.from.openPrompts, ...this.#addedPrompts];
    this.#carryAskings();
    return this.current;
  }

  /**
   * The new transcript's askings: its prompts sit where they sat, plus the ones added. Read from
   * the entries only when `from` was not made by an edit (a snapshot built by hand).
   */
  #carryAskings(): void {
    if (this.#transcript)
      askingsByTranscript.set(this.#transcript, this.#askings ?? askingsOf(this.from.transcript));
  }

  /** The open prompts in transcript order; the previous list when they are the same. */
  #openPrompts(): Prompt[] {
    const open = this.current.transcript
      .filter(isPromptEntry)
      .filter((entry) => isOpen(entry.state))
      .map((entry) => entry.prompt);
    const before = this.from.openPrompts;
    if (open.length === before.length && open.every((prompt, index) => prompt === before[index]))
      return before;
    return open;
  }
}
