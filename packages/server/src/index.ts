export {
  ALREADY_ANSWERED_CODE,
  answerGuard,
  DEFAULT_AG_UI_PATHS,
  DEFAULT_CHAT_PATHS,
  EXPIRED_CODE,
} from './answerGuard.ts';
export { GUARDED_ROUTES } from './guardedPaths.ts';
export type { AlreadyAnsweredBody, AnswerGuardOptions } from './answerGuard.ts';
export { NOT_OWNER_CODE } from './ownership.ts';
export type { NotOwnerBody } from './ownership.ts';
export { guardedTool } from './guardedTool.ts';
export { editableTool } from './editableTool.ts';
export type { AnswerRecord, ClaimStore } from './ClaimStore.ts';
export { libsqlClaimStore } from './libsqlClaimStore.ts';
export type { LibsqlClaimStore, LibsqlClaimStoreOptions } from './libsqlClaimStore.ts';
export { createClaimStore } from './createClaimStore.ts';
export type { ClaimDialect } from './createClaimStore.ts';
export { THREAD_ROUTES, THREAD_WAITING_CODE, threadGuard } from './threadGuard.ts';
export type { ThreadGuardOptions, ThreadWaitingBody } from './threadGuard.ts';
export { askUser } from './askUser.ts';
export type { AskAnswer, AskQuestion } from './askUser.ts';
export { keepRunsOnDisconnect } from './keepRunsOnDisconnect.ts';
export type { KeepRunsOnDisconnectOptions } from './keepRunsOnDisconnect.ts';
export { inboxIndex } from './inboxIndex.ts';
export type { InboxIndex, InboxIndexOptions } from './inboxIndex.ts';
