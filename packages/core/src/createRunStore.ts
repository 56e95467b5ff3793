import { AnswerError, toRunError } from './errors.ts';
import { initialRunSnapshot, reduceRun, type RunAction } from './reduceRun.ts';
import type { DecodeEvent, RunError, RunStore, RunStoreOptions } from './types.ts';
import { memoryOption } from './transports/memoryOption.ts';
import { validateAnswer } from './validateAnswer.ts';

const BUSY = 'A request is still running.';

/**
 * Creates the framework-agnostic state machine of a conversation with one agent: `send` a
 * message, `answer` the questions it asks, `restore` questions after a reload. Listeners are
 * notified once per change (one network read's burst of chunks is one change); the snapshot is
 * immutable and keeps its identity when nothing changed, as `useSyncExternalStore` wants.
 *
 * One request runs at a time: `send` or `answer` while another is in flight is refused (`busy`).
 * @example
 * const store = createRunStore({ transport: createFetchTransport({ baseUrl, agentId: 'planner' }), resourceId: 'u-1', threadId: 't-1' });
 * store.subscribe(() => render(store.getSnapshot()));
 * await store.send('Plan a trip');
 * const [prompt] = store.getSnapshot().pending;
 * await store.answer(prompt.key, 'Lisbon');
 */
export function createRunStore({ transport, threadId, resourceId }: RunStoreOptions): RunStore {
  // Fails now, not at the first request: a run is tied to a conversation only with both ids.
  memoryOption(threadId, resourceId);
  let snapshot = initialRunSnapshot;
  const listeners = new Set<() => void>();
  // The request in flight: cancel() aborts it, reset() also lets it go, and what a request no
  // longer in `active` dispatches is dropped (an older conversation's).
  let active: AbortController | undefined;
  // The answer in flight (one request at a time): answering its prompt again returns its promise.
  let answering: { key: string; run: Promise<void> } | undefined;
  let messages = 0;

  const dispatch = (action: RunAction) => {
    const next = reduceRun(snapshot, action);
    if (next === snapshot) return;
    snapshot = next;
    for (const listener of [...listeners]) listener();
  };

  /**
   * One request, to its end: marks the store busy, dispatches `start`, waits for the stream (the
   * server then took the answer `key`, if any) and dispatches once per batch. Any failure ends the
   * run; one before the stream also rejects the answer.
   */
  async function run(
    start: RunAction,
    request: (signal: AbortSignal) => Promise<AsyncIterable<DecodeEvent[]>>,
    key?: string,
  ): Promise<void> {
    const controller = (active = new AbortController());
    const { signal } = controller;
    const emit = (action: RunAction) => active === controller && dispatch(action);
    let error: RunError | undefined;
    try {
      emit(start);
      const batches = await request(signal);
      if (key) emit({ type: 'answer-accepted', key });
      // From here on, a failure ends the run, not the answer.
      key = undefined;
      for await (const events of batches) {
        // reset() aborts too: a stream it let go stops here.
        if (signal.aborted) break;
        emit({ type: 'events', events });
      }
    } catch (cause) {
      error = toRunError(signal.aborted ? signal.reason : cause);
    }
    // Released before the last dispatch: a listener may send, or retry the answer, at once.
    if (active === controller) {
      active = undefined;
      dispatch(
        signal.aborted || error?.code === 'aborted'
          ? { type: 'cancelled' }
          : !error
            ? { type: 'stream-end' }
            : key
              ? { type: 'answer-failed', key, error }
              : { type: 'stream-error', error },
      );
    }
    if (key && error) throw new AnswerError(key, error);
  }

  const refuse = (key: string, code: RunError['code'], message: string) =>
    Promise.reject(new AnswerError(key, { code, message }));

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    getSnapshot: () => snapshot,

    async send(text) {
      if (typeof text !== 'string' || !text.trim()) throw new TypeError('send() needs a non-empty message.');
      if (active) throw new Error(BUSY);
      await run({ type: 'send', id: `message-${++messages}`, text }, (signal) =>
        transport.stream({ messages: [{ role: 'user', content: text }], threadId, resourceId, signal }),
      );
    },

    answer(key, value, answerOptions) {
      if (answering?.key === key) return answering.run;
      const prompt = snapshot.pending.find((p) => p.key === key);
      if (!prompt) {
        const known = snapshot.transcript.some((e) => e.type === 'prompt' && e.id === key);
        return refuse(key, 'expired', known ? 'This question was already answered or has expired.' : `No question with key "${key}" is waiting for an answer.`);
      }
      const check = validateAnswer(prompt, value, answerOptions);
      if (!check.ok) return refuse(key, 'invalid-answer', check.message);
      if (active) return refuse(key, 'busy', BUSY);
      const { runId, toolCallId } = prompt;
      const resumeData = check.value;
      // Registered before answer-start reaches the listeners: one answering again gets this promise.
      let settle!: (done: Promise<void>) => void;
      const current: typeof answering = (answering = {
        key,
        run: new Promise<void>((resolve) => (settle = resolve)).finally(() => {
          if (answering === current) answering = undefined;
        }),
      });
      settle(
        run({ type: 'answer-start', key, answer: resumeData }, (signal) =>
          transport.resume({ runId, toolCallId, resumeData, threadId, resourceId, signal }), key),
      );
      return current.run;
    },

    restore(runs) {
      dispatch({ type: 'restore', runs });
    },

    cancel() {
      active?.abort();
    },

    reset() {
      active?.abort();
      active = answering = undefined;
      dispatch({ type: 'reset' });
    },
  };
}
