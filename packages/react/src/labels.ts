import { stateWords } from './internal/announcement.ts';
import { expiresInWords } from './internal/TimeLeft.tsx';

/** Every string `<AskUserPrompt>` shows or announces. Pass some or all through its `labels` prop. */
export interface AskUserLabels {
  /** The submit button. */
  submit: string;
  /** The submit button while the answer is on its way. */
  submitting: string;
  /** The submit button after a failed attempt. */
  retry: string;
  /** The "Other…" choice. */
  other: string;
  /** The accessible name of the text field of the "Other…" choice. */
  otherText: string;
  /** Hint under a free-text question. */
  textHint: string;
  /** Hint under a single choice. */
  singleHint: string;
  /** Hint under a multiple choice. */
  multipleHint: string;
  /** How many options are chosen (multiple choice). */
  chosenCount: (count: number) => string;
  /** Announced (politely) when a question appears. */
  newQuestion: (question: string) => string;
  /** Put before the question when a supervisor's sub-agent asked it: "Helper asks:". */
  askedBy: (agent: string) => string;
  /** Announced while the answer is on its way. */
  sending: string;
  /** Announced once the answer was taken. */
  sent: string;
  /** Shown when sending failed, with the server's message. */
  failed: (message: string) => string;
  /** Shown when the answer was not sent because the agent is still busy with another request. */
  busy: string;
  /** Shown when sending was cancelled (`cancel()` or `reset()`); the answer is kept. */
  aborted: string;
  /** Shown when the question is no longer open (gone, or its run ended). */
  expired: string;
  /** How long a question with an `expiresAt` still takes answers, in whole minutes rounded up (`.TimeLeft`). */
  expiresIn: (minutes: number) => string;
  /** Shown when another window or device answered the question first. */
  answeredElsewhere: string;
  /** Shown when the question's payload cannot be rendered; what is wrong is under `details`, for whoever builds the app. */
  malformed: string;
  /** The summary of the disclosure that holds what is wrong, for developers. */
  details: string;
  /** Validation: empty free-text answer. */
  answerRequired: string;
  /** Validation: nothing chosen in a single choice. */
  choiceRequired: string;
  /** Validation: nothing chosen in a multiple choice. */
  choicesRequired: string;
  /** Validation: "Other…" chosen but left empty. */
  otherRequired: string;
  /** Validation: the answer is longer than allowed. */
  tooLong: (max: number) => string;
}

/** The default (English) labels. */
export const defaultLabels: AskUserLabels = {
  submit: 'Send',
  retry: 'Retry',
  other: 'Other…',
  otherText: 'Your own answer',
  textHint: 'Press Enter to send, Shift+Enter for a new line.',
  singleHint: 'Choose one.',
  multipleHint: 'Choose one or more.',
  chosenCount: (count) => `${count} chosen`,
  ...stateWords,
  sent: 'Answer sent.',
  expired: 'This question was already answered or is no longer open.',
  expiresIn: expiresInWords,
  answeredElsewhere: 'This question was answered in another window or device.',
  malformed: 'This question cannot be shown.',
  details: 'Details',
  answerRequired: 'Please write an answer.',
  choiceRequired: 'Choose one option.',
  choicesRequired: 'Choose at least one option.',
  otherRequired: 'Type your own answer, or choose one of the options.',
  tooLong: (max) => `Please keep the answer under ${max} characters.`,
};
