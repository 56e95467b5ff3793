// @ask-user-kit/core: Mastra's ask_user protocol without React. Named exports only.

export { createRunStore } from './createRunStore.ts';
export { restorePending } from './restorePending.ts';
export type { RestorePendingOptions } from './restorePending.ts';
export { initialRunSnapshot, MAX_ISSUES, reduceRun } from './reduceRun.ts';
export type { RunAction } from './reduceRun.ts';
export { createChunkDecoder, decodeChunks, decodeText, toDecodeEvent } from './decodeChunks.ts';
export type { ChunkDecoder, DecodeOptions } from './decodeChunks.ts';
export { parseChunk } from './chunks.ts';
export type { KnownChunk, KnownChunkType, ParsedChunk, UnknownChunk } from './chunks.ts';
export { isAskUserCall, parsePrompt, promptKey } from './prompt.ts';
export type {
  AnswerValue,
  AskUserPrompt,
  InvalidPrompt,
  Prompt,
  PromptKind,
  PromptOption,
  SuspendedToolCall,
} from './prompt.ts';
export { DEFAULT_MAX_ANSWER_LENGTH, validateAnswer } from './validateAnswer.ts';
export type { AnswerCheck, AnswerRefusal, ValidateAnswerOptions } from './validateAnswer.ts';
export { AnswerError, isExpiredMessage, toRunError, TransportError } from './errors.ts';
export { MAX_EXCERPT_LENGTH } from './excerpt.ts';
export { createFetchTransport } from './transports/fetchTransport.ts';
export type { FetchTransportOptions } from './transports/fetchTransport.ts';
export type {
  AgentTransport,
  AnswerOptions,
  DecodeEvent,
  DecodeIssue,
  ListSuspendedRequest,
  MastraChunk,
  ResumeRequest,
  RunError,
  RunSnapshot,
  RunStatus,
  RunStore,
  RunStoreOptions,
  StreamRequest,
  SuspendedRun,
  ToolCallEntry,
  TranscriptEntry,
} from './types.ts';
