import { ANSWERED_ELSEWHERE_MESSAGE, BUSY_MESSAGE, EXPIRED_MESSAGE } from './errors.ts';
import { itemEntryOf, type ItemAnswer, type ItemAnswers } from './items.ts';
import type { RunAction } from './reduceRun.ts';
import type { AgentTransport, DecodeEvent, Refusal, RunSnapshot } from './types.ts';
import { validateForm, type FormDraft } from './validateForm.ts';

const unknownItemMessage = (key: string) => `No approval or form with key "${key}" is waiting for an answer.`;
const cannotAnswer = (reason: string) => `This cannot be answered: ${reason}.`;
const NOTHING_TO_RETRY = 'Nothing was sent for this item yet: there is no answer to retry.';
const WRONG_ANSWER = 'An approval is approved or declined; a form is submitted.';

/** What the store lends the item answers: its snapshot, its one-request-at-a-time rule, its start. */
export interface ItemAnswerHost {
  transport: AgentTransport;
  getSnapshot(): RunSnapshot;
  /** The promise of the answer to `key` in flight, if any (answering twice is one request). */
  inFlight(key: string): Promise<void> | undefined;
  busy(): boolean;
  refuse(code: Refusal['code'], message: string, key?: string): Promise<never>;
  start(
    key: string,
    request: (signal: AbortSignal) => Promise<AsyncIterable<DecodeEvent[]>>,
    start: RunAction,
  ): Promise<void>;
  ids: { threadId?: string; resourceId?: string };
}

/** Approves, declines and submits the store's approval and form items. */
export function createItemAnswers(host: ItemAnswerHost): ItemAnswers {
  function answer(key: string, itemAnswer: ItemAnswer): Promise<void> {
    const inFlight = host.inFlight(key);
    if (inFlight) return inFlight;
    const entry = itemEntryOf(host.getSnapshot(), key);
    if (!entry) return host.refuse('expired', unknownItemMessage(key), key);
    if (entry.state === 'answered-elsewhere')
      return host.refuse('answered-elsewhere', ANSWERED_ELSEWHERE_MESSAGE, key);
    if (entry.state === 'answered' || entry.state === 'expired')
      return host.refuse('expired', EXPIRED_MESSAGE, key);
    const { item } = entry;
    if (item.kind === 'malformed') return host.refuse('invalid-answer', cannotAnswer(item.reason), key);
    if ((itemAnswer.type === 'submit') !== (item.kind === 'form'))
      return host.refuse('invalid-answer', WRONG_ANSWER, key);
    if (host.busy()) return host.refuse('busy', BUSY_MESSAGE, key);
    const { transport, ids } = host;
    const { runId, toolCallId } = item;
    // An approval goes through `resume` too, with `approval` saying which route: a transport
    // needs no method of its own for it.
    const request = (signal: AbortSignal) => {
      if (itemAnswer.type === 'submit')
        return transport.resume({ runId, toolCallId, resumeData: itemAnswer.data, ...ids, signal });
      const reason = itemAnswer.type === 'decline' ? itemAnswer.reason : undefined;
      return transport.resume({
        runId,
        toolCallId,
        resumeData: undefined,
        approval: itemAnswer.type,
        ...(reason ? { reason } : {}),
        ...ids,
        signal,
      });
    };
    return host.start(key, request, { type: 'item-start', key, answer: itemAnswer });
  }

  /** Validates a form's draft against its schema, then sends the data. */
  function submit(key: string, draft: unknown): Promise<void> {
    const inFlight = host.inFlight(key);
    if (inFlight) return inFlight;
    const item = itemEntryOf(host.getSnapshot(), key)?.item;
    if (item?.kind !== 'form') return answer(key, { type: 'submit', data: {} });
    const check = validateForm(item.form, (draft ?? {}) as FormDraft);
    if (!check.ok) {
      const [first] = check.errors;
      return host.refuse('invalid-answer', `${first!.path}: ${first!.message}`, key);
    }
    return answer(key, { type: 'submit', data: check.value });
  }

  return {
    owns: (key) => itemEntryOf(host.getSnapshot(), key) !== undefined,
    answer,
    submit,
    retry(key) {
      const entry = itemEntryOf(host.getSnapshot(), key);
      if (!entry?.answer) return host.refuse('invalid-answer', NOTHING_TO_RETRY, key);
      return answer(key, entry.answer);
    },
  };
}

/**
 * The store's `submit-*` actions for an item's key, as `item-*` actions: the store follows every
 * answer's request the same way, the reducer keeps prompts and items apart.
 */
export function forItems(s: RunSnapshot, action: RunAction): RunAction {
  if (!('key' in action) || !action.type.startsWith('submit-') || !itemEntryOf(s, action.key)) return action;
  switch (action.type) {
    case 'submit-accepted':
      return { type: 'item-accepted', key: action.key };
    case 'submit-failed':
      return { type: 'item-failed', key: action.key, error: action.error };
    case 'submit-refused':
      return { type: 'item-refused', key: action.key, refusal: action.refusal };
    default:
      return action;
  }
}
