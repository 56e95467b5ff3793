import { type AnswerValue, type Prompt } from '@ask-user-kit/core';
import { toRunError, type AnswerOptions } from '@ask-user-kit/core/internal';
import { showsControls } from '../internal/lifecycle.ts';
import { useInsertionEffect, useRef, useState } from 'react';
import type { AnswerDraft } from '../draft.ts';
import type { AskUserLabels } from '../labels.ts';
import type { AskUserPromptRun } from '../types.ts';
import {
  answerField,
  checkDraft,
  READY,
  sameAnswer,
  stateAfterFailure,
  type InvalidAnswer,
  type PromptStatus,
} from './state.ts';

export interface SubmitOptions {
  prompt: Prompt;
  /** Where the prompt is: only a prompt that takes an answer, and is not submitting one, submits. */
  status: PromptStatus;
  draft: AnswerDraft;
  answerOptions: AnswerOptions;
  labels: AskUserLabels;
  disabled: boolean;
  /** Submits through the run (which then holds the prompt's state), or else… */
  run: AskUserPromptRun | undefined;
  /** …hands the answer to the app, and keeps the state with `setLocal`. */
  onSubmit: ((answer: AnswerValue) => Promise<unknown> | void) | undefined;
  setLocal: (status: PromptStatus) => void;
  setInvalid: (invalid: InvalidAnswer | undefined) => void;
  /** A refusal that is not about the answer (the run was busy), shown until the draft changes. */
  setNotice: (notice: string | undefined) => void;
  /** Called just before an answer goes out. */
  beforeSubmit: () => void;
}

/**
 * A stable `submit()` that validates the draft with core's `validateAnswer` and submits the answer
 * with the latest render's values: through the run (Retry re-submits the failed answer with
 * `run.retry` when the draft is unchanged), or through `onSubmit`, whose promise gives the
 * submitting, answered and failed states.
 */
export function useSubmit(options: SubmitOptions): () => void {
  const latest = useRef(options);
  // The values submit() reads when it runs (in an event, never during a render): the last committed render's.
  useInsertionEffect(() => {
    latest.current = options;
  });
  // The answer last submitted: Retry sends it again with `run.retry` while the draft still gives it.
  const lastAnswer = useRef<AnswerValue | undefined>(undefined);
  const [submit] = useState(() => () => submitDraft(latest.current, lastAnswer));
  return submit;
}

function submitDraft(options: SubmitOptions, lastAnswer: { current: AnswerValue | undefined }): void {
  const { prompt, status, draft, answerOptions, labels, disabled, run, setInvalid, setNotice } = options;
  if (disabled || !showsControls(status.state) || status.state === 'submitting') return;
  const check = checkDraft(prompt, draft, answerOptions, labels);
  if (!check.ok) {
    setInvalid(check.invalid);
    return;
  }
  setInvalid(undefined);
  setNotice(undefined);
  options.beforeSubmit();
  const { answer } = check;
  const retry = status.state === 'failed' && sameAnswer(answer, lastAnswer.current);
  lastAnswer.current = answer;
  if (run) {
    submitToRun(options, run, answer, retry);
    return;
  }
  submitToApp(options, answer);
}

/** The run holds the state; only a refusal that left the prompt as it was is shown here. */
function submitToRun(
  options: SubmitOptions,
  run: AskUserPromptRun,
  answer: AnswerValue,
  retry: boolean,
): void {
  const { prompt, answerOptions, labels, setInvalid, setNotice } = options;
  const request = retry ? run.retry(prompt.key) : run.submit(prompt.key, answer, answerOptions);
  request.catch((rejection: unknown) => {
    const error = toRunError(rejection);
    if (error.code === 'invalid-answer') setInvalid({ message: error.message, field: answerField(prompt) });
    if (error.code === 'busy') setNotice(labels.busy);
    // Any other failure is on the prompt's transcript entry.
  });
}

/** The app's `onSubmit`: a promise gives the submitting state, its rejection the failed one. */
function submitToApp({ prompt, onSubmit, setLocal, setInvalid }: SubmitOptions, answer: AnswerValue): void {
  const result = callOnSubmit(onSubmit, answer);
  if (!result) {
    setLocal({ state: 'answered', answer });
    return;
  }
  setLocal({ state: 'submitting', answer });
  result.then(
    () => setLocal({ state: 'answered', answer }),
    (rejection: unknown) => {
      const error = toRunError(rejection);
      if (error.code === 'invalid-answer') {
        setLocal(READY);
        setInvalid({ message: error.message, field: answerField(prompt) });
        return;
      }
      setLocal({ state: stateAfterFailure(error), answer, error });
    },
  );
}

/** `onSubmit`'s promise, if it returned one; a handler that throws gives a rejected promise, not a crash. */
function callOnSubmit(
  onSubmit: SubmitOptions['onSubmit'],
  answer: AnswerValue,
): PromiseLike<unknown> | undefined {
  try {
    const result = onSubmit?.(answer);
    if (isPromiseLike(result)) return result;
    return undefined;
  } catch (thrown) {
    return Promise.reject(thrown);
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}
