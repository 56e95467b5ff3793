import {
  asRunError,
  BUSY_MESSAGE,
  EMPTY_MESSAGE,
  expiredRefusal,
  REPLY_LOST_MESSAGE,
  RequestError,
  toRunError,
  toStreamError,
} from './errors.ts';
import { refuse, refuseClosed, requestFailed } from './refusals.ts';
import { listRequestedAt } from './listSuspendedRuns.ts';
import { positionsOf, readOn, Reply } from './reconnect.ts';
import { initialRunSnapshot, isOpen, reduceRun, type RunAction } from './reduceRun.ts';
import { answeringOf } from './answering.ts';
import { expiryClock, isPastDeadline } from './expiryClock.ts';
import { addSeams } from './storeSeams.ts';
import { waitingEntryOf } from './snapshotEdit.ts';
import { newRunId, newThreadId } from './transports/memoryOption.ts';
import type {
  AnswerFields,
  DecodeEvent,
  Refusal,
  RunError,
  RunStore,
  RunStoreOptions,
  StreamRequest,
  WaitingEntry,
} from './types.ts';
import type { AnswerOptions } from './validateAnswer.ts';

const NOTHING_TO_RETRY = 'Nothing was sent for this yet: there is no answer to retry.';

/**
 * Creates the framework-agnostic state machine of a conversation with one agent: `send` a
 * message, `submit` answers to the questions it asks, `restore` questions after a reload. Listeners
 * are notified once per change (one network read's burst of chunks is one change); the snapshot is
 * immutable and keeps its identity when nothing changed, as `useSyncExternalStore` wants.
 *
 * One request runs at a time: `send` or `submit` while another is in flight is refused (`busy`).
 * Never throws: `threadId` and `resourceId` may each be given or not (see `RunStoreOptions`).
 * @example
 * const store = createRunStore({ transport: createFetchTransport({ baseUrl, agentId: 'planner' }), resourceId: 'u-1', threadId: 't-1' });
 * store.subscribe(() => render(store.getSnapshot()));
 * await store.send('Plan a trip');
 * const [prompt] = store.getSnapshot().openPrompts;
 * await store.submit(prompt.key, 'Lisbon');
 */
export function createRunStore({
  transport,
  threadId: givenThreadId,
  resourceId,
  items: kinds = [],
  reconnect,
}: RunStoreOptions): RunStore {
  // Mastra records a run in a conversation only with a thread: a resource alone gets one of this
  // store's own, the same for all its runs.
  const threadId = givenThreadId ?? (resourceId ? newThreadId() : undefined);
  let snapshot = initialRunSnapshot;
  const listeners = new Set<() => void>();
  // The request in flight: cancel() aborts it, reset() also lets it go, and what a request no
  // longer in `active` dispatches is dropped (an older conversation's).
  let active: AbortController | undefined;
  // The answer in flight (one request at a time): submitting its prompt again returns its promise.
  let submitting: { key: string; controller: AbortController; done: Promise<void> } | undefined;
  // Answers the server took, or may have taken, whose request or reply then broke off, with when
  // (performance.now()) and why: restore() re-opens them when a list requested after that still
  // has them.
  const brokenReplies = new Map<string, { at: number; error: RunError }>();
  // How far each run's chunks were read (with `reconnect`): a reply that breaks off is read on from there.
  const positions = positionsOf(reconnect);
  let messages = 0;

  const dispatch = (action: RunAction) => {
    const next = reduceRun(snapshot, action, kinds);
    if (next === snapshot) return;
    snapshot = next;
    clock.update();
    for (const listener of [...listeners]) listener();
  };
  // A question past its `expiresAt` closes as `expired` at that time, without a request.
  const clock = expiryClock(
    () => snapshot,
    (key) => dispatch({ type: 'submit-refused', key, refusal: expiredRefusal() }),
  );

  /**
   * The server no longer has a run whose reply broke off: it ended there (Mastra deletes a finished
   * run) and its reply never arrived. No answer can bring it back; the user can send again.
   */
  const replyLost = () => {
    if (!active)
      dispatch({ type: 'stream-error', error: { code: 'connection-lost', message: REPLY_LOST_MESSAGE } });
  };

  /** Ends the request of `controller`: true when it was still the active one (its outcome counts). */
  const release = (controller: AbortController) => {
    if (active !== controller) return false;
    active = undefined;
    return true;
  };

  /**
   * Follows one request to its end: waits for the stream (the server then took the answer `key`,
   * if any) and dispatches once per batch. Dispatches nothing before its first `await`, so the
   * caller dispatches the start. A failure before the stream ends the answer (and rejects with a
   * `RequestError` when there is one); a stream that breaks off is read on (`readOn`, with `reconnect`), and a
   * failure after that ends the run.
   */
  async function follow(
    controller: AbortController,
    request: (signal: AbortSignal) => Promise<AsyncIterable<DecodeEvent[]>>,
    reply: Reply,
    key?: string,
    mayHaveBeenTaken?: boolean,
  ): Promise<void> {
    const { signal } = controller;
    const emit = (action: RunAction) => {
      if (active === controller) dispatch(action);
    };
    let batches: AsyncIterable<DecodeEvent[]>;
    try {
      batches = await request(signal);
    } catch (cause) {
      const failure = toRunError(signal.aborted ? signal.reason : cause);
      // A message that may have reached the server: the run it started is read like a broken reply.
      const readOnly = !key && failure.code === 'network' && reply.resumable();
      if (readOnly) return end(controller, await readOn(reconnect, transport, reply, failure, signal, emit));
      // The request may have reached the server before it broke (or a proxy answered 502 for a
      // server that died on it): the server may have taken the answer.
      if (key && (failure.code === 'network' || failure.code === 'timeout' || failure.status === 502))
        brokenReplies.set(key, { at: performance.now(), error: failure as RunError });
      // Released before the last dispatch: a listener may send, or submit again, at once.
      if (release(controller)) dispatch(requestFailed(failure, key));
      // An earlier attempt may have been taken, and now the question is gone: its reply was lost.
      if (mayHaveBeenTaken && failure.code === 'expired') replyLost();
      if (key) throw new RequestError(failure, { promptKey: key, cause });
      return;
    }
    if (key) emit({ type: 'submit-accepted', key });
    let failure: RunError | Refusal | undefined;
    try {
      for await (const events of batches) {
        // reset() aborts too: a stream it let go stops here.
        if (signal.aborted) break;
        reply.count(events);
        emit({ type: 'events', events });
      }
    } catch (cause) {
      const broke = toStreamError(signal.aborted ? signal.reason : cause);
      failure = signal.aborted ? broke : await readOn(reconnect, transport, reply, broke, signal, emit);
    }
    end(controller, failure, key);
  }

  /** Ends the stream of `controller` as `failure` says (none: it ended), if it is still the active one. */
  function end(controller: AbortController, failure: RunError | Refusal | undefined, key?: string) {
    if (!release(controller)) return;
    if (controller.signal.aborted || failure?.code === 'aborted') dispatch({ type: 'cancelled' });
    else if (failure) dispatch({ type: 'stream-error', error: asRunError(failure) });
    else dispatch({ type: 'stream-end' });
    if (key && snapshot.status === 'error' && snapshot.error)
      brokenReplies.set(key, { at: performance.now(), error: snapshot.error });
  }

  /**
   * Sends `answer` (checked) for the entry `key`, and follows the resumed run: one request at a
   * time, refused (`busy`) while another runs.
   */
  function resume(key: string, answer: unknown, fields: AnswerFields): Promise<void> {
    if (active) return refuse('busy', BUSY_MESSAGE, key);
    const controller = new AbortController();
    active = controller;
    // An earlier attempt whose reply broke off may have been taken by the server.
    const mayHaveBeenTaken = brokenReplies.delete(key);
    const request = (signal: AbortSignal) => transport.resume({ ...fields, threadId, resourceId, signal });
    const reply = positions?.reply(fields.runId) ?? new Reply();
    const done = follow(controller, request, reply, key, mayHaveBeenTaken).finally(() => {
      if (submitting?.controller === controller) submitting = undefined;
    });
    // Registered before the start reaches the listeners: one answering again gets this promise.
    submitting = { key, controller, done };
    dispatch({ type: 'submit-start', key, answer });
    return done;
  }

  /** The entry `key` when it takes an answer now (one past its `expiresAt` closes as `expired` first). */
  function openEntry(key: string): WaitingEntry | undefined {
    const entry = waitingEntryOf(snapshot, key);
    if (entry && isPastDeadline(entry)) clock.expireDue();
    const current = waitingEntryOf(snapshot, key);
    return current && isOpen(current.state) ? current : undefined;
  }

  /**
   * Starts a run with a user message (`text`) or a workflow's input, and follows it: one request
   * at a time, refused (`busy`) while another runs.
   */
  function begin(userMessages: StreamRequest['messages'], inputData: unknown, text?: string): Promise<void> {
    if (active) return refuse('busy', BUSY_MESSAGE);
    const controller = new AbortController();
    active = controller;
    // Made here so that a reply that breaks off however early can be re-attached to.
    const runId = newRunId();
    const done = follow(
      controller,
      (signal) =>
        transport.stream({
          messages: userMessages,
          ...(text === undefined ? { inputData } : {}),
          runId,
          threadId,
          resourceId,
          signal,
        }),
      positions?.start(runId) ?? new Reply(),
    );
    messages += 1;
    // The conversation moves on: a reply that broke off earlier no longer matters.
    brokenReplies.clear();
    dispatch({ type: 'send', id: `message-${messages}`, text });
    return done;
  }

  function submit(key: string, draft: unknown, options?: AnswerOptions): Promise<void> {
    if (submitting?.key === key) return submitting.done;
    const entry = openEntry(key);
    if (!entry) return refuseClosed(key, waitingEntryOf(snapshot, key));
    const answering = answeringOf(entry, kinds);
    const check = answering.check(draft, options);
    if (!check.ok) return refuse('invalid-answer', check.message, key);
    return resume(key, check.value, answering.resume(check.value));
  }

  function retry(key: string): Promise<void> {
    if (submitting?.key === key) return submitting.done;
    const entry = openEntry(key);
    if (!entry) return refuseClosed(key, waitingEntryOf(snapshot, key));
    if (entry.answer === undefined) return refuse('invalid-answer', NOTHING_TO_RETRY, key);
    return resume(key, entry.answer, answeringOf(entry, kinds).resume(entry.answer));
  }

  const store: RunStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    getSnapshot: () => snapshot,

    send(text) {
      if (typeof text !== 'string' || !text.trim()) return refuse('empty-message', EMPTY_MESSAGE);
      return begin([{ role: 'user', content: text }], undefined, text);
    },

    submit,

    retry,

    restore(runs) {
      const requested = listRequestedAt(runs);
      // A list requested before the reply broke off may predate the answer: it proves nothing.
      const reopen = [...brokenReplies]
        .filter(([, broken]) => requested === undefined || requested > broken.at)
        .map(([key, broken]) => ({ key, error: broken.error }));
      dispatch({ type: 'restore', runs, reopen });
      // Still answered (not re-opened), and its run no longer listed at all: it ended on the server.
      // The others are kept: one re-opened, retried and refused as expired had its reply lost too.
      const ended = reopen.some(({ key }) => {
        const entry = waitingEntryOf(snapshot, key);
        const runId = entry?.type === 'prompt' ? entry.prompt.runId : entry?.item.runId;
        return entry?.state === 'answered' && !runs.some((run) => run.runId === runId);
      });
      if (ended) replyLost();
    },

    cancel() {
      active?.abort();
    },

    reset() {
      active?.abort();
      active = undefined;
      submitting = undefined;
      brokenReplies.clear();
      positions?.clear();
      dispatch({ type: 'reset' });
      clock.stop();
    },
  };
  addSeams(store, {
    edit: (change) => dispatch({ type: 'edit', edit: change }),
    start: (inputData) => begin([], inputData),
  });
  return store;
}
