// @ask-user-kit/core: Mastra's ask_user protocol without React. Named exports only.

export { createRunStore } from './createRunStore.ts';
export { createRunObserver } from './runObserver.ts';
export { listSuspendedRuns } from './listSuspendedRuns.ts';
export type { ItemAnswer, ItemEntry, ItemKind, SuspensionItem, WaitingEntry } from './types.ts';
export { decodeChunks } from './decodeChunks.ts';
export { parsePrompt } from './prompt.ts';
export type { AnswerValue, Prompt, PromptState } from './prompt.ts';
export { validateAnswer } from './validateAnswer.ts';
export { REPLY_LOST_MESSAGE, RequestError } from './errors.ts';
export { createFetchTransport } from './transports/fetchTransport.ts';
export { reconnect } from './reconnect.ts';
export type {
  AgentTransport,
  DecodeEvent,
  PromptEntry,
  Reconnect,
  Refusal,
  RunError,
  RunSnapshot,
  RunStatus,
  RunStore,
  TranscriptEntry,
} from './types.ts';
