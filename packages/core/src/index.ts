// @ask-user-kit/core: Mastra's ask_user protocol without React. Named exports only.

export { createRunStore } from './createRunStore.ts';
export { createRunObserver } from './runObserver.ts';
export type { RunObserver, RunObserverOptions, RunObserverSnapshot } from './runObserver.ts';
export { listSuspendedRuns } from './listSuspendedRuns.ts';
export type { ListSuspendedRunsOptions } from './listSuspendedRuns.ts';
export { initialRunSnapshot, isOpen, MAX_ISSUES } from './reduceRun.ts';
export type {
  ApprovalItem,
  FormItem,
  ItemAnswer,
  ItemCall,
  ItemCheck,
  ItemEntry,
  ItemKind,
  MalformedItem,
  SuspensionItem,
  WaitingEntry,
} from './types.ts';
export { createChunkDecoder, decodeChunks, decodeText, toDecodeEvent } from './decodeChunks.ts';
export type { ChunkDecoder, DecodeOptions } from './decodeChunks.ts';
export { parseChunk } from './chunks.ts';
export type { KnownChunk, KnownChunkType, ParsedChunk, UnknownChunk } from './chunks.ts';
export { readAskUserOutput } from './askUserOutput.ts';
export type { AskUserOutput } from './askUserOutput.ts';
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
export { answerMessages, DEFAULT_MAX_ANSWER_LENGTH, validateAnswer } from './validateAnswer.ts';
export type { AnswerCheck, AnswerOptions, AnswerRefusal } from './validateAnswer.ts';
export {
  httpFailure,
  isExpiredMessage,
  REPLY_LOST_MESSAGE,
  RequestError,
  saysExpired,
  toRunError,
  TransportError,
} from './errors.ts';
export { MAX_EXCERPT_LENGTH } from './excerpt.ts';
export { MAX_QUOTE_LENGTH } from './quote.ts';
export { confirmExpiry } from './transports/confirmExpiry.ts';
export { classifyFailure, createSubmissionTracker } from './submissionTracker.ts';
export type {
  FoundPrompt,
  Submission,
  SubmissionSnapshot,
  SubmissionTracker,
  SubmissionTrackerOptions,
} from './submissionTracker.ts';
export { createFetchTransport } from './transports/fetchTransport.ts';
export type { FetchTransportOptions } from './transports/fetchTransport.ts';
export type {
  AgentTransport,
  AnswerFields,
  DecodeEvent,
  DecodeIssue,
  ListSuspendedRequest,
  MastraChunk,
  PromptEntry,
  Refusal,
  RefusalCode,
  ResumeRequest,
  RunError,
  RunErrorCode,
  RunSnapshot,
  RunStatus,
  RunStore,
  RunStoreOptions,
  StreamRequest,
  SuspendedRun,
  SuspendedRunList,
  ToolCallEntry,
  TranscriptEntry,
} from './types.ts';
