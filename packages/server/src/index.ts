export {
  ALREADY_ANSWERED_CODE,
  ALREADY_ANSWERED_MESSAGE,
  answerGuard,
  GUARDED_ROUTES,
} from './answerGuard.ts';
export type { AlreadyAnsweredBody, AnswerGuardOptions } from './answerGuard.ts';
export type { ClaimStore } from './ClaimStore.ts';
export { CLAIMS_TABLE, libsqlClaimStore } from './libsqlClaimStore.ts';
export type { LibsqlClaimStore, LibsqlClaimStoreOptions } from './libsqlClaimStore.ts';
export { postgresClaimStore } from './postgresClaimStore.ts';
export type { PgQueryable, PostgresClaimStore, PostgresClaimStoreOptions } from './postgresClaimStore.ts';
