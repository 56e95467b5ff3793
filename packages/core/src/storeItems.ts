import { ANSWERED_ELSEWHERE_MESSAGE, EXPIRED_MESSAGE, RequestError } from './errors.ts';
import { itemEntryOf, type ItemAnswers } from './items.ts';
import type { AnswerFields, ItemAnswer, Refusal, RunStore } from './types.ts';
import { validateForm, type FormDraft } from './validateForm.ts';

const unknownItemMessage = (key: string) => `No approval or form with key "${key}" is waiting for an answer.`;
const cannotAnswer = (reason: string) => `This cannot be answered: ${reason}.`;
const NOTHING_TO_RETRY = 'Nothing was sent for this item yet: there is no answer to retry.';
const WRONG_ANSWER = 'An approval is approved or declined; a form is submitted.';

const refuse = (code: Refusal['code'], message: string, promptKey: string) =>
  Promise.reject(new RequestError({ code, message }, { promptKey }));

const answersByStore = new WeakMap<RunStore, ItemAnswers>();

/**
 * Approves, declines, submits and retries the approvals and forms of a store created with item
 * kinds (`createRunStore({ items: [approvals, forms] })`).
 * @example
 * const answers = itemAnswers(store);
 * await answers.approve(store.getSnapshot().openItems[0].key);
 */
export function itemAnswers(store: RunStore): ItemAnswers {
  let answers = answersByStore.get(store);
  if (!answers) answersByStore.set(store, (answers = createItemAnswers(store)));
  return answers;
}

function createItemAnswers(host: RunStore): ItemAnswers {
  function answer(key: string, itemAnswer: ItemAnswer): Promise<void> {
    const entry = itemEntryOf(host.getSnapshot(), key);
    if (!entry) return refuse('expired', unknownItemMessage(key), key);
    if (entry.state === 'answered-elsewhere')
      return refuse('answered-elsewhere', ANSWERED_ELSEWHERE_MESSAGE, key);
    if (entry.state === 'answered' || entry.state === 'expired')
      return refuse('expired', EXPIRED_MESSAGE, key);
    const { item } = entry;
    if (item.kind === 'malformed') return refuse('invalid-answer', cannotAnswer(item.reason), key);
    if ((itemAnswer.type === 'submit') !== (item.kind === 'form'))
      return refuse('invalid-answer', WRONG_ANSWER, key);
    const { runId, toolCallId } = item;
    // An approval goes through `resume` too, with `approval` saying which route: a transport
    // needs no method of its own for it.
    const fields: AnswerFields =
      itemAnswer.type === 'submit'
        ? { runId, toolCallId, resumeData: itemAnswer.data }
        : {
            runId,
            toolCallId,
            resumeData: undefined,
            approval: itemAnswer.type,
            ...(itemAnswer.type === 'decline' && itemAnswer.reason ? { reason: itemAnswer.reason } : {}),
          };
    return host.resumeWith(key, fields, { type: 'item-start', key, answer: itemAnswer });
  }

  return {
    approve: (key) => answer(key, { type: 'approve' }),
    decline: (key, reason) => answer(key, { type: 'decline', ...(reason ? { reason } : {}) }),
    answer,
    retry(key) {
      const entry = itemEntryOf(host.getSnapshot(), key);
      if (!entry?.answer) return refuse('invalid-answer', NOTHING_TO_RETRY, key);
      return answer(key, entry.answer);
    },
  };
}

/**
 * Validates the draft of the form item `key` against its schema and sends the data: invalid data
 * is refused (`invalid-answer`, the first field's message) with no request. The same promise while
 * its answer is in flight.
 * @example
 * await submitForm(store, form.key, { amount: '300', currency: 'EUR', flexible: true });
 */
export function submitForm(store: RunStore, key: string, draft: unknown): Promise<void> {
  const item = itemEntryOf(store.getSnapshot(), key)?.item;
  const answers = itemAnswers(store);
  if (item?.kind !== 'form') return answers.answer(key, { type: 'submit', data: {} });
  const check = validateForm(item.form, (draft ?? {}) as FormDraft);
  if (check.ok) return answers.answer(key, { type: 'submit', data: check.value });
  const [first] = check.errors;
  return refuse('invalid-answer', `${first!.path}: ${first!.message}`, key);
}
