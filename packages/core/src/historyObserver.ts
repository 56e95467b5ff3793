import { toRunError } from './errors.ts';
import { loadHistory, loadThreadHistory, type ThreadHistory, type ThreadHistoryOptions } from './history.ts';
import { closedElsewhere, createListeners, readTwice, type Reader } from './observing.ts';
import { isBusy } from './reduceRun.ts';
import type { RunObserver, RunObserverSnapshot } from './runObserver.ts';
import { openTabChannel, type TabChannel } from './tabChannel.ts';
import type { RunError } from './types.ts';

/** Which thread's history to read, from where (the run's source and ids), and how to follow it. */
export interface HistoryObserverOptions extends Omit<ThreadHistoryOptions, 'signal'> {
  /** Default true. Off: nothing is read, the run shows only what happens from now on. */
  enabled?: boolean;
  /** Default true: other tabs of this browser on the same thread are told of each change, and follow. */
  syncTabs?: boolean;
  /**
   * The app has just made this thread: the server has no history of it, so nothing is read on
   * mount and sending is allowed at once; tabs still follow. Read when the observer comes to a thread.
   */
  newThread?: boolean;
  /** How the reads are made (through a cache such as TanStack Query's `fetchQuery`); each is tried twice. */
  read?: Reader;
}

/**
 * Why a new message cannot be sent now:
 * - `busy`: a reply is being written or an answer sent, here or in another tab
 * - `waiting`: a question waits for its answer
 * - `checking`: the history or the waiting questions are still being read
 * - `unknown`: they could not be read, so a question may be waiting (a message now would start a second run)
 */
export type SendBlock = 'busy' | 'waiting' | 'checking' | 'unknown';

/** The thread's history as read, and whether the conversation may take a new message now. */
export interface HistorySnapshot {
  /** The history is being read (or will be, on mount). */
  loading: boolean;
  /** The server keeps history (the agent has memory); `undefined` until it is known. */
  memory: boolean | undefined;
  /** Why reading failed, if it did. */
  error: RunError | undefined;
  /** Whether `send` may be called now, and if not, why (one send at a time per thread). */
  canSend: { allowed: true; reason?: never } | { allowed: false; reason: SendBlock };
}

/** A run's history kept in step with the server and the other tabs (see `createHistoryObserver`). */
export interface HistoryObserver {
  /** Calls `listener` after every change; the first listener mounts the observer, the last one leaves it. */
  subscribe(listener: () => void): () => void;
  /** The current snapshot: the same object until something changes. */
  getSnapshot(): HistorySnapshot;
  /** Takes new options: another thread, source or setting reads that thread. */
  setOptions(options: HistoryObserverOptions): void;
  /** Reads the history and the waiting questions again. */
  reload(): void;
}

const MAX_UNSETTLED_READS = 5;
const UNSETTLED_READ_DELAY_MS = 250;

/** One thread the observer follows. */
interface Followed {
  identity: string;
  options: HistoryObserverOptions;
  enabled: boolean;
  reading?: AbortController;
  /** The mount read (if any) has ended. */
  settled: boolean;
  history?: ThreadHistory;
  error?: RunError;
  /** Reads in a row that found an answer still being taken. */
  unsettledReads: number;
  timer?: ReturnType<typeof setTimeout>;
  channel?: TabChannel;
  /** Another tab said it is busy. */
  busyElsewhere: boolean;
}

const identityOf = (o: HistoryObserverOptions) =>
  JSON.stringify([o.baseUrl, o.apiPrefix, o.agentId, o.threadId, o.resourceId, o.enabled, o.syncTabs]);

/** What a tab tells the others changed: a request started or ended, a question opened or closed. */
const tabStateOf = (run: RunObserverSnapshot) =>
  `${isBusy(run.status)}:${run.openPrompts.length}:${run.transcript.length}`;

/** One send at a time per thread: the first reason that holds, or allowed. */
function sendPermission(facts: Record<SendBlock, boolean>): HistorySnapshot['canSend'] {
  for (const reason of ['busy', 'waiting', 'checking', 'unknown'] as const) {
    if (facts[reason]) return { allowed: false, reason };
  }
  return { allowed: true };
}

/**
 * Creates an observer of a run's whole conversation, beside its waiting questions: while it has
 * listeners, it reads the thread's messages from Mastra's memory (`loadThreadHistory`) into the
 * run (`loadHistory`) when mounted, reads them again when a question closes elsewhere or another
 * tab on the thread moved it on (and tells those tabs of each change here), and says whether a
 * message may be sent now (`canSend`). `useThreadHistory` is this observer bound to React.
 * @example
 * const run = createRunObserver({ transport: createFetchTransport({ baseUrl, agentId: 'planner' }), threadId, resourceId });
 * const history = createHistoryObserver(run, { baseUrl, agentId: 'planner', threadId, resourceId });
 * history.subscribe(() => render(run.getSnapshot(), history.getSnapshot()));
 */
export function createHistoryObserver(
  run: RunObserver,
  initialOptions: HistoryObserverOptions,
): HistoryObserver {
  const follow = (options: HistoryObserverOptions): Followed => {
    const enabled = options.enabled !== false && Boolean(options.threadId);
    return {
      identity: identityOf(options),
      options,
      enabled,
      settled: !enabled || options.newThread === true,
      unsettledReads: 0,
      busyElsewhere: false,
    };
  };
  let current = follow(initialOptions);
  let seen = run.getSnapshot();
  let told = tabStateOf(seen);
  let shown: HistorySnapshot | undefined;
  let leaveRun: (() => void) | undefined;

  const listeners = createListeners(mount, leave);

  function read(f: Followed) {
    if (!f.enabled) return;
    clearTimeout(f.timer);
    f.reading?.abort();
    const controller = new AbortController();
    f.reading = controller;
    const { signal } = controller;
    const { baseUrl, apiPrefix, agentId, threadId, resourceId } = f.options;
    const key = ['ask-user-kit', 'history', baseUrl, apiPrefix, agentId, threadId, resourceId];
    const settle = () => {
      f.reading = undefined;
      f.settled = true;
      listeners.notify();
    };
    readTwice(f.options.read, key, () => loadThreadHistory({ ...f.options, signal }), signal).then(
      (history) => {
        if (f.reading !== controller) return;
        f.history = history;
        f.error = undefined;
        loadHistory(run.getSnapshot().store, history.entries);
        // Read while an answer was being taken (another tab's, most often): read again, a few
        // times, a little later each time, until the server has written it.
        if (history.settled) f.unsettledReads = 0;
        else if (++f.unsettledReads <= MAX_UNSETTLED_READS)
          f.timer = setTimeout(() => read(f), UNSETTLED_READ_DELAY_MS * f.unsettledReads);
        settle();
      },
      (error: unknown) => {
        if (f.reading !== controller) return;
        f.error = toRunError(error) as RunError;
        settle();
      },
    );
    listeners.notify();
  }

  function onRunChange() {
    const next = run.getSnapshot();
    const closed = closedElsewhere(seen, next);
    seen = next;
    // Tell the other tabs whenever this one starts or ends a request, or a question opens or closes here.
    const state = tabStateOf(next);
    if (state !== told) {
      told = state;
      current.channel?.post({ busy: isBusy(next.status) });
    }
    listeners.notify();
    // Another client answered first: the history has the answer and the question asked next.
    if (closed) read(current);
  }

  function start(f: Followed) {
    if (f.enabled && f.options.syncTabs !== false)
      f.channel = openTabChannel(f.options.threadId, ({ busy }) => {
        f.busyElsewhere = busy;
        // Another tab moved the conversation on: read it again, and the questions now waiting.
        read(f);
        run.restore();
      });
    if (!f.settled) read(f);
  }

  /** Lets the thread go: its read, its timer and its channel. Mounted again, it reads again. */
  function stop(f: Followed) {
    clearTimeout(f.timer);
    f.channel?.close();
    f.channel = undefined;
    f.reading?.abort();
    f.reading = undefined;
    f.settled = !f.enabled || f.options.newThread === true;
  }

  function mount() {
    seen = run.getSnapshot();
    told = tabStateOf(seen);
    leaveRun = run.subscribe(onRunChange);
    start(current);
  }

  function leave() {
    leaveRun?.();
    leaveRun = undefined;
    stop(current);
  }

  return {
    subscribe: listeners.subscribe,
    getSnapshot() {
      const f = current;
      const r = run.getSnapshot();
      const loading = f.enabled && (f.reading !== undefined || !f.settled);
      const canSend = sendPermission({
        busy: isBusy(r.status) || f.busyElsewhere,
        waiting: r.openPrompts.length > 0,
        checking: loading || r.restoring,
        // Only the list of waiting questions says whether one waits; the history is the past.
        unknown: Boolean(r.restoreError),
      });
      const memory = f.history?.memory;
      if (
        shown?.loading !== loading ||
        shown.memory !== memory ||
        shown.error !== f.error ||
        shown.canSend.reason !== canSend.reason
      )
        shown = { loading, memory, error: f.error, canSend };
      return shown;
    },
    setOptions(options) {
      if (identityOf(options) === current.identity) {
        current.options = options;
        return;
      }
      if (listeners.mounted) stop(current);
      current = follow(options);
      if (listeners.mounted) start(current);
      listeners.notify();
    },
    reload() {
      read(current);
      run.restore();
    },
  };
}
