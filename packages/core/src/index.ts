// @ask-user-kit/core: Mastra's ask_user protocol without React. Named exports only.

export { createRunStore } from './createRunStore.ts';
export { createRunObserver } from './runObserver.ts';
export type { RunObserver, RunObserverOptions, RunObserverSnapshot } from './runObserver.ts';
export { listSuspendedRuns } from './listSuspendedRuns.ts';
export type { ListSuspendedRunsOptions } from './listSuspendedRuns.ts';
export { initialRunSnapshot, isOpen } from './reduceRun.ts';
export type { ItemAnswer, ItemEntry, ItemKind, SuspensionItem, WaitingEntry } from './types.ts';
export { decodeChunks, decodeText } from './decodeChunks.ts';
export { readAskUserOutput } from './askUserOutput.ts';
export { isAskUserCall, parsePrompt, promptKey } from './prompt.ts';
export type {
  AnswerValue,
  AskUserPrompt,
  MalformedPrompt,
  Prompt,
  PromptKind,
  PromptOption,
  PromptState,
  SuspendedToolCall,
} from './prompt.ts';
export { DEFAULT_MAX_ANSWER_LENGTH, validateAnswer } from './validateAnswer.ts';
export type { AnswerOptions } from './validateAnswer.ts';
export { REPLY_LOST_MESSAGE, RequestError, toRunError } from './errors.ts';
export { confirmExpiry } from './transports/confirmExpiry.ts';
export { classifyFailure, createSubmissionTracker } from './submissionTracker.ts';
export type {
  FoundPrompt,
  SubmissionSnapshot,
  SubmissionTracker,
  SubmissionTrackerOptions,
} from './submissionTracker.ts';
export { createFetchTransport } from './transports/fetchTransport.ts';
export type { FetchTransportOptions } from './transports/fetchTransport.ts';
export type {
  AgentTransport,
  DecodeEvent,
  PromptEntry,
  Refusal,
  RefusalCode,
  RunError,
  RunErrorCode,
  RunSnapshot,
  RunStatus,
  RunStore,
  RunStoreOptions,
  SuspendedRun,
  TranscriptEntry,
} from './types.ts';
