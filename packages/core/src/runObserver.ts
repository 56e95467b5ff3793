import { createRunStore } from './createRunStore.ts';
import { toRunError } from './errors.ts';
import { listSuspendedRuns } from './listSuspendedRuns.ts';
import { closedElsewhere, createListeners, readTwice, type Reader } from './observing.ts';
import type { AgentTransport, RunError, RunSnapshot, RunStore, RunStoreOptions } from './types.ts';
import type { AnswerOptions } from './validateAnswer.ts';

/** A conversation and how to keep it in step with the server (see `createRunObserver`). */
export interface RunObserverOptions extends RunStoreOptions {
  /**
   * Names the agent the transport reaches (its server and id, say): another name is another
   * conversation. Without it only `threadId` and `resourceId` tell conversations apart, and a new
   * transport is the same conversation's (each request uses the latest one given).
   */
  agentKey?: string;
  /**
   * On mount, bring back what waits on the server for this `threadId` / `resourceId` (the
   * suspended-runs list), and list it again when a question closes elsewhere. Default true; needs a
   * `threadId` or a `resourceId`, since without one every user's waiting questions would be listed.
   */
  restore?: boolean;
  /** The app has just made this thread: nothing is read on mount (`restore()` still reads). */
  newThread?: boolean;
  /** Sent once when a conversation is mounted, after the restore read, if nothing happened in it yet. */
  initialMessage?: string;
  /** How the reads are made (through a cache such as TanStack Query's `fetchQuery`); each is tried twice. */
  read?: Reader;
}

/** The run's snapshot, how restoring goes, and the store of the conversation. */
export interface RunObserverSnapshot extends RunSnapshot {
  /** The suspended-runs list is being read, or will be once the observer is mounted. */
  restoring: boolean;
  /** Why the last suspended-runs read failed, if it did (the conversation still works). */
  restoreError: RunError | undefined;
  /** The store of the current conversation. */
  store: RunStore;
}

/** A conversation with an agent kept in step with the server, for any UI (see `createRunObserver`). */
export interface RunObserver {
  /** Calls `listener` after every change; the first listener mounts the observer, the last one leaves it. */
  subscribe(listener: () => void): () => void;
  /** The current snapshot: the same object until something changes. */
  getSnapshot(): RunObserverSnapshot;
  /**
   * The snapshot as it will be once `setOptions(options)` has run: another conversation's, fresh,
   * for a UI that renders the new options before it applies them.
   */
  getOptimisticSnapshot(options: RunObserverOptions): RunObserverSnapshot;
  /**
   * Takes new options. Another `threadId`, `resourceId` or `agentKey` starts another conversation
   * (the old one's reads and stream are aborted); the rest is read when it is next needed.
   */
  setOptions(options: RunObserverOptions): void;
  send(text: string): Promise<void>;
  submit(promptKey: string, answer: unknown, options?: AnswerOptions): Promise<void>;
  retry(promptKey: string): Promise<void>;
  cancel(): void;
  /** Clears the conversation; a read begun before is dropped. */
  reset(): void;
  /** Lists the suspended runs again and brings back what waits (nothing when restore is off). */
  restore(): void;
}

/** One conversation of an observer: its store, and its reads. */
interface Conversation {
  identity: string;
  options: RunObserverOptions;
  store: RunStore;
  /** The read in flight, if any: aborted when another starts, on reset, and when the conversation is left. */
  reading?: AbortController;
  restoreError?: RunError;
  /** The store's snapshot as last seen, to tell when a question closed elsewhere. */
  seen: RunSnapshot;
  /** The mount read (if any) has ended: the initial message may go. */
  settled: boolean;
  /** The initial message was dealt with (sent, or not needed). */
  opened: boolean;
  /** The snapshot last given, and the store snapshot it was made from. */
  shown?: RunObserverSnapshot;
  shownFrom?: RunSnapshot;
}

const identityOf = ({ agentKey, threadId, resourceId }: RunObserverOptions) =>
  JSON.stringify([agentKey, threadId, resourceId]);

/** Without an id to list by, a list would hold every user's runs. */
const restoreWanted = (options: RunObserverOptions) =>
  options.restore !== false && Boolean(options.threadId || options.resourceId);

const readsOnMount = (options: RunObserverOptions) => restoreWanted(options) && options.newThread !== true;

/** Nothing has happened in this conversation yet: no message sent, no question restored. */
const isUntouched = (snapshot: RunSnapshot) => snapshot.status === 'idle' && snapshot.transcript.length === 0;

/**
 * Creates an observer of a conversation with one agent: a run store (`createRunStore`) kept in
 * step with the server, without a framework. While it has listeners (`subscribe`) it brings back
 * what waits on the server (the suspended-runs list) when mounted, lists again when a question
 * closes elsewhere (another client answered it first, or it expired), sends `initialMessage` once
 * the list has come, and when the last listener leaves it aborts its reads and the stream.
 * `setOptions` moves it to another conversation. `useAgentRun` is this observer bound to React.
 * @example
 * const run = createRunObserver({ transport: createFetchTransport({ baseUrl, agentId: 'planner' }), resourceId: 'u-1', threadId: 't-1' });
 * const stop = run.subscribe(() => render(run.getSnapshot()));
 * // a question still waiting from an earlier visit comes back in run.getSnapshot().openPrompts
 * await run.send('Plan a trip');
 */
export function createRunObserver(initialOptions: RunObserverOptions): RunObserver {
  let options = initialOptions;
  // Requests go through the latest options' transport: only another conversation needs a new store.
  const transport: AgentTransport = {
    stream: (request) => options.transport.stream(request),
    resume: (request) => options.transport.resume(request),
    listSuspended: (request) => options.transport.listSuspended(request),
    // Only a transport that can re-attach to a run has it.
    get observe() {
      const given = options.transport;
      type Observe = NonNullable<AgentTransport['observe']>;
      return given.observe && ((request: Parameters<Observe>[0]) => given.observe!(request));
    },
  };
  const open = (given: RunObserverOptions): Conversation => {
    const { threadId, resourceId, items, reconnect } = given;
    const store = createRunStore({ transport, threadId, resourceId, items, reconnect });
    return {
      identity: identityOf(given),
      options: given,
      store,
      seen: store.getSnapshot(),
      settled: !readsOnMount(given),
      opened: false,
    };
  };
  let current = open(options);
  // Made by getOptimisticSnapshot for options not applied yet; setOptions takes it on.
  let pending: Conversation | undefined;
  const prepare = (next: RunObserverOptions) =>
    pending?.identity === identityOf(next) ? pending : (pending = open(next));
  let leaveStore: (() => void) | undefined;

  /** The conversation's snapshot: the same object until its store's snapshot or its reading changes. */
  const snapshotOf = (c: Conversation): RunObserverSnapshot => {
    const from = c.store.getSnapshot();
    // A read in flight, or the mount read still to come.
    const restoring = c.reading !== undefined || !c.settled;
    const { shown } = c;
    if (c.shownFrom === from && shown?.restoring === restoring && shown.restoreError === c.restoreError)
      return shown;
    c.shownFrom = from;
    c.shown = { ...from, restoring, restoreError: c.restoreError, store: c.store };
    return c.shown;
  };
  const getSnapshot = () => snapshotOf(current);

  const listeners = createListeners(mount, leave);

  /** The initial message, once the mount read settled, into a conversation nothing happened in yet. */
  function openConversation(c: Conversation) {
    if (c.opened || !c.settled || !listeners.mounted) return;
    c.opened = true;
    const message = c.options.initialMessage;
    if (!message || !isUntouched(c.store.getSnapshot())) return;
    // A failure shows in the snapshot; a refusal (busy) means another request opened it already.
    c.store.send(message).catch(() => {});
  }

  /** Lists the suspended runs and restores them into the conversation's store; one read at a time. */
  function list(c: Conversation) {
    c.reading?.abort();
    const controller = new AbortController();
    c.reading = controller;
    const { threadId, resourceId, agentKey, read } = c.options;
    const key = ['ask-user-kit', 'suspended-runs', agentKey, threadId, resourceId];
    const { signal } = controller;
    const request = () => listSuspendedRuns(transport, { threadId, resourceId, signal });
    const settle = (restoreError: RunError | undefined) => {
      c.reading = undefined;
      c.restoreError = restoreError;
      c.settled = true;
      listeners.notify();
      openConversation(c);
    };
    readTwice(read, key, request, signal).then(
      (list) => {
        // Another read, a reset or leaving the conversation came since: this list is out of date.
        if (c.reading !== controller) return;
        // What the list brings back is what waits now: no reason to list again.
        c.store.restore(list.runs);
        c.seen = c.store.getSnapshot();
        settle(undefined);
      },
      (error: unknown) => {
        if (c.reading !== controller) return;
        // Listing is a GET that nothing claims: it fails as a RunError, never as a refusal.
        settle(toRunError(error) as RunError);
      },
    );
    listeners.notify();
  }

  /** Stops the conversation's read in flight, if any: what it brings is dropped. */
  function stopReading(c: Conversation) {
    c.reading?.abort();
    c.reading = undefined;
  }

  /** Starts following the current conversation: its changes, and its mount read or initial message. */
  function follow(c: Conversation) {
    leaveStore = c.store.subscribe(() => {
      const next = c.store.getSnapshot();
      const closed = closedElsewhere(c.seen, next);
      c.seen = next;
      listeners.notify();
      if (closed && restoreWanted(c.options)) list(c);
    });
    if (!c.settled) list(c);
    else openConversation(c);
  }

  /** Lets the conversation go: its read and its stream are aborted. Mounted again, it reads again. */
  function unfollow(c: Conversation) {
    leaveStore?.();
    leaveStore = undefined;
    stopReading(c);
    c.settled = !readsOnMount(c.options);
    c.store.cancel();
  }

  function mount() {
    follow(current);
  }

  function leave() {
    unfollow(current);
  }

  return {
    subscribe: listeners.subscribe,
    getSnapshot,
    getOptimisticSnapshot: (next) =>
      identityOf(next) === current.identity ? getSnapshot() : snapshotOf(prepare(next)),
    setOptions(next) {
      options = next;
      if (identityOf(next) === current.identity) {
        current.options = next;
        return;
      }
      const made = prepare(next);
      pending = undefined;
      made.options = next;
      if (listeners.mounted) unfollow(current);
      current = made;
      if (listeners.mounted) follow(current);
      listeners.notify();
    },
    send: (text) => current.store.send(text),
    submit: (key, answer, answerOptions) => current.store.submit(key, answer, answerOptions),
    retry: (key) => current.store.retry(key),
    cancel: () => current.store.cancel(),
    reset() {
      stopReading(current);
      current.settled = true;
      current.store.reset();
      listeners.notify();
    },
    restore() {
      if (restoreWanted(current.options)) list(current);
    },
  };
}
