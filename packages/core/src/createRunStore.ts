import { AnswerError, isAbortError, toRunError } from './errors.ts';
import type { AnswerValue, Prompt } from './prompt.ts';
import { initialRunSnapshot, reduceRun, type RunAction } from './reduceRun.ts';
import type { DecodeEvent, RunSnapshot, RunStore, RunStoreOptions } from './types.ts';
import { memoryOption } from './transports/memoryOption.ts';
import { validateAnswer } from './validateAnswer.ts';

const BUSY = 'A request is still running: wait for it to end, or cancel() it first.';

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
export function createRunStore(options: RunStoreOptions): RunStore {
  const { transport, threadId, resourceId } = options;
  // Fails now, not at the first request: a run is tied to a conversation only with both ids.
  memoryOption(threadId, resourceId);
  let snapshot: RunSnapshot = initialRunSnapshot;
  const listeners = new Set<() => void>();
  // Bumped by reset(): events still arriving from an older conversation are dropped.
  let generation = 0;
  let active: AbortController | undefined;
  const answering = new Map<string, Promise<void>>();
  let messageCount = 0;

  const dispatch = (action: RunAction) => {
    const next = reduceRun(snapshot, action);
    if (next === snapshot) return;
    snapshot = next;
    for (const listener of [...listeners]) listener();
  };

  /** Reads a run's stream to its end, one dispatch per batch; a failure (of the request too) ends the run. */
  async function pump(
    request: AsyncIterable<DecodeEvent[]> | Promise<AsyncIterable<DecodeEvent[]>>,
    gen: number,
    controller: AbortController,
  ): Promise<void> {
    try {
      for await (const events of await request) {
        if (gen !== generation || controller.signal.aborted) break;
        dispatch({ type: 'events', events });
      }
      if (gen !== generation) return;
      dispatch(controller.signal.aborted ? { type: 'cancelled' } : { type: 'stream-end' });
    } catch (error) {
      if (gen !== generation) return;
      if (controller.signal.aborted || isAbortError(error)) dispatch({ type: 'cancelled' });
      else dispatch({ type: 'stream-error', error: toRunError(error) });
    }
  }

  const release = (controller: AbortController) => {
    if (active === controller) active = undefined;
  };

  async function resume(prompt: Prompt, value: AnswerValue, controller: AbortController): Promise<void> {
    const gen = generation;
    const key = prompt.key;
    dispatch({ type: 'answer-start', key, answer: value });
    let batches: AsyncIterable<DecodeEvent[]>;
    try {
      batches = await transport.resume({
        runId: prompt.runId,
        toolCallId: prompt.toolCallId,
        resumeData: value,
        threadId,
        resourceId,
        signal: controller.signal,
      });
    } catch (cause) {
      release(controller);
      const error = controller.signal.aborted ? toRunError(controller.signal.reason) : toRunError(cause);
      if (gen === generation) {
        dispatch(error.code === 'aborted' ? { type: 'cancelled' } : { type: 'answer-failed', key, error });
      }
      throw new AnswerError(key, error);
    }
    if (gen === generation) dispatch({ type: 'answer-accepted', key });
    try {
      await pump(batches, gen, controller);
    } finally {
      release(controller);
    }
  }

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
      const controller = new AbortController();
      active = controller;
      const gen = generation;
      dispatch({ type: 'send', id: `message-${++messageCount}`, text });
      try {
        await pump(
          transport.stream({ messages: [{ role: 'user', content: text }], threadId, resourceId, signal: controller.signal }),
          gen,
          controller,
        );
      } finally {
        release(controller);
      }
    },

    answer(promptKey, value, answerOptions = {}) {
      const inFlight = answering.get(promptKey);
      if (inFlight) return inFlight;
      const prompt = snapshot.pending.find((p) => p.key === promptKey);
      if (!prompt) {
        const known = snapshot.transcript.some((e) => e.type === 'prompt' && e.id === promptKey);
        return Promise.reject(
          new AnswerError(promptKey, {
            code: 'expired',
            message: known
              ? 'This question was already answered or has expired.'
              : `No question with key "${promptKey}" is waiting for an answer.`,
          }),
        );
      }
      const check = validateAnswer(prompt, value, answerOptions);
      if (!check.ok) return Promise.reject(new AnswerError(promptKey, { code: 'invalid-answer', message: check.message }));
      if (active) {
        return Promise.reject(new AnswerError(promptKey, { code: 'busy', message: BUSY }));
      }
      const controller = new AbortController();
      active = controller;
      // Registered before resume() starts: a listener calling answer() again gets this same promise.
      let adopt!: (run: Promise<void>) => void;
      const run = new Promise<void>((resolve) => {
        adopt = resolve;
      });
      answering.set(promptKey, run);
      const forget = () => {
        if (answering.get(promptKey) === run) answering.delete(promptKey);
      };
      run.then(forget, forget);
      adopt(resume(prompt, check.value, controller));
      return run;
    },

    restore(runs) {
      dispatch({ type: 'restore', runs });
    },

    cancel() {
      active?.abort();
    },

    reset() {
      generation++;
      active?.abort();
      active = undefined;
      answering.clear();
      dispatch({ type: 'reset' });
    },
  };
}
