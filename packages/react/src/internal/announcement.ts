import type { PromptState, Refusal, RunError } from '@ask-user-kit/core';
import { useEffect, useState } from 'react';
import { humanName } from './humanName.ts';

// What every waiting question (a prompt, an approval, a form) says in its live region (`.Status`)
// and where errors go (`.Error`), by its state: one wording of the lifecycle for all three.

/** The words of the lifecycle that every kind of question has in its labels. */
export interface StateLabels {
  /** Announced (politely) when a question appears. */
  newQuestion: (question: string) => string;
  /** Put before the question (or the request's title) when a supervisor's sub-agent asked it: "Helper asks:". */
  askedBy: (agent: string) => string;
  /** The button that sent the answer, while the answer is on its way. */
  submitting: string;
  /** Announced while the answer is on its way. */
  sending: string;
  /** Shown when sending failed, with the server's message. */
  failed: (message: string) => string;
  /** Shown when the answer was not sent because the agent is still busy with another request. */
  busy: string;
  /** Shown when sending was cancelled (`cancel()` or `reset()`); the answer is kept. */
  aborted: string;
  /** Shown when the question is no longer open (gone, or its run ended). */
  expired: string;
  /** Shown when another window or device answered the question first. */
  answeredElsewhere: string;
}

/** The words of the lifecycle that no kind of question words its own way, in every kind's default labels. */
export const stateWords = {
  newQuestion: (question: string) => `New question: ${question}`,
  askedBy: (agent: string) => `${humanName(agent)} asks:`,
  submitting: 'Sending…',
  sending: 'Sending your answer…',
  failed: (message: string) => `Your answer could not be sent: ${message}`,
  busy: 'The agent is still busy. Send your answer again once it is done.',
  aborted: 'Sending was cancelled. Send your answer again when ready.',
} satisfies Partial<StateLabels>;

/** `text` (a question, a request's title) with who asked it first, when a sub-agent did. */
export const withAsker = (text: string, agent: string | undefined, labels: Pick<StateLabels, 'askedBy'>) =>
  agent ? `${labels.askedBy(agent)} ${text}` : text;

/** What went wrong with a submit, for the user. */
export function failureMessage(error: RunError | Refusal | undefined, labels: StateLabels): string {
  switch (error?.code) {
    case 'busy':
      return labels.busy;
    case 'aborted':
      return labels.aborted;
    default:
      return labels.failed(error?.message ?? '');
  }
}

/** What `.Error` says of a state that is not the question's own doing: failed, expired, answered elsewhere. */
export function stateMessage(
  state: PromptState,
  error: RunError | Refusal | undefined,
  labels: StateLabels,
): string | undefined {
  switch (state) {
    case 'expired':
      return labels.expired;
    case 'answered-elsewhere':
      return labels.answeredElsewhere;
    case 'failed':
      return failureMessage(error, labels);
    default:
      return undefined;
  }
}

export interface AnnouncementSource {
  state: PromptState;
  /** The state the question mounted in; `undefined` until it has mounted. */
  mountedState: PromptState | undefined;
  /** The question (a prompt's), or the title (an approval's, a form's). */
  question: string;
  /** The message `.Error` shows. */
  message: string | undefined;
  /** `sent` is what is said once answered: a prompt's "Answer sent.", an item's outcome. */
  labels: Pick<StateLabels, 'newQuestion' | 'sending'> & { sent: string };
}

/**
 * What the live region says. Nothing before mount (the region is rendered empty first, so that
 * what it says next is announced), and nothing for the state the question mounted in (a transcript
 * of answered questions stays quiet), except a question that waits for its answer.
 */
export function announcementOf({
  state,
  mountedState,
  question,
  message,
  labels,
}: AnnouncementSource): string {
  if (mountedState === undefined) return '';
  if (state === 'ready') {
    if (mountedState === 'ready') return labels.newQuestion(question);
    return '';
  }
  if (state === mountedState) return '';
  switch (state) {
    case 'submitting':
      return labels.sending;
    case 'answered':
      return labels.sent;
    default:
      return message ?? '';
  }
}

/**
 * What the live region says (see `announcementOf`). It is empty until the question has mounted, so
 * that what it says first is announced; StrictMode's second mount sets the same state again.
 */
export function useAnnouncement(source: Omit<AnnouncementSource, 'mountedState'>): string {
  const [mountedState, setMountedState] = useState<PromptState>();
  const { state } = source;
  useEffect(() => {
    // A live region is announced only when its text changes once it is in the DOM: the text must
    // come after mount, so this one render more is the point.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- filled after mount on purpose (see above)
    setMountedState(state);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the state at mount only: later states are compared with it
  }, []);
  return announcementOf({ ...source, mountedState });
}
