// @ask-user-kit/server/postgres: the answer guard's claims and a durable agent's stream events in
// PostgreSQL. A subpath of its own, so that an app on LibSQL never loads `pg` (an optional peer
// dependency, needed only here).
export { postgresClaimStore } from './postgresClaimStore.ts';
export { postgresPubSub } from './postgresPubSub.ts';
