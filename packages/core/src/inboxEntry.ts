// @ask-user-kit/core/inbox: a user's waiting questions across threads and agents, read from the
// server's inbox route (`@ask-user-kit/server`'s `inboxIndex`). A subpath of its own: an app
// without an inbox carries none of it.
export { createInboxObserver } from './inboxObserver.ts';
export type { InboxItem } from './inboxObserver.ts';
