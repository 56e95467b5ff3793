/**
 * `@ask-user-kit/core/internal`: what the kit's own packages (`@ask-user-kit/react`) share with
 * core and an app does not use. Not public API: no stability promise between versions, which is
 * why `@ask-user-kit/react` depends on this package at its exact version. Apps import from
 * `@ask-user-kit/core`, `./history`, `./items` and the transports' entries instead.
 */
export { classifyFailure, createSubmissionTracker } from './submissionTracker.ts';
export type {
  FoundPrompt,
  SubmissionSnapshot,
  SubmissionTracker,
  SubmissionTrackerOptions,
} from './submissionTracker.ts';
export { readAskUserOutput } from './askUserOutput.ts';
export { decodeText } from './decodeChunks.ts';
export { toRunError } from './errors.ts';
export { isOpen } from './reduceRun.ts';
export type { SuspendedRun } from './types.ts';
export { isAskUserCall, promptKey } from './prompt.ts';
export { DEFAULT_MAX_ANSWER_LENGTH } from './validateAnswer.ts';
export type { AnswerOptions } from './validateAnswer.ts';
export type { MalformedPrompt, PromptOption, SuspendedToolCall, WellFormedPrompt } from './prompt.ts';
export type { RunObserver, RunObserverOptions, RunObserverSnapshot } from './runObserver.ts';
export type { FetchTransportOptions } from './transports/fetchTransport.ts';
export { initialFormDraft, validateForm } from './validateForm.ts';
export type { FieldError, FormDraft, FormDraftValue } from './validateForm.ts';
export type { FormSchema } from './formSchema.ts';
export type { HistoryObserverOptions, HistorySnapshot, SendBlock } from './historyObserver.ts';
export type { InboxObserverOptions, InboxSnapshot } from './inboxObserver.ts';
export type { WorkflowRunState, WorkflowTransportOptions } from './workflow/workflowTransport.ts';
