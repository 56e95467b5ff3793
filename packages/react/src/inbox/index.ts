'use client';
// @ask-user-kit/react/inbox: every question a user's runs wait on, across threads and agents. Its
// own entry: an app without an inbox carries none of it.
export { Inbox } from './Inbox.tsx';
export type { InboxProps } from './Inbox.tsx';
export { useInbox, useInboxCount } from './useInbox.ts';
export type { InboxFilter, UseInboxOptions, UseInboxResult } from './useInbox.ts';
export { defaultInboxLabels } from './inboxLabels.ts';
export type { InboxLabels } from './inboxLabels.ts';
