// @ask-user-kit/react/inbox: every waiting question of a user, and its count.
import { Inbox, useInbox, useInboxCount, type UseInboxResult } from '@ask-user-kit/react/inbox';

export const entry = { Inbox, useInbox, useInboxCount };
export type Entry = UseInboxResult;
