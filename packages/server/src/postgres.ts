// @ask-user-kit/server/postgres: the answer guard's claims in PostgreSQL. A subpath of its own, so
// that an app on LibSQL never loads `pg` (an optional peer dependency, needed only here).
export { postgresClaimStore } from './postgresClaimStore.ts';
