import { useInboxCount } from '@ask-user-kit/react/inbox';
import { knownConversations } from './knownConversations.ts';

/** The header's way to the inbox, with how many questions wait across the conversations. */
export function InboxLink() {
  const { count, more } = useInboxCount({ baseUrl: '', resource: knownConversations() });
  const shown = more ? '999+' : count;
  const label = count ? `Inbox, ${shown} waiting` : 'Inbox';
  return (
    <a className="inbox-link" href="?page=inbox" aria-label={label}>
      Inbox
      {count ? (
        <span className="inbox-link__count" aria-hidden="true">
          {shown}
        </span>
      ) : null}
    </a>
  );
}
