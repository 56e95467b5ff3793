import { useInboxCount } from '@ask-user-kit/react/inbox';
import { knownConversations } from './knownConversations.ts';

/**
 * The header's way to the inbox, with how many questions wait across the conversations. Its name
 * is its visible text ("Inbox 2") with "waiting" for screen readers, so that voice control users
 * can say what they see.
 */
export function InboxLink() {
  const { count, more } = useInboxCount({ baseUrl: '', resource: knownConversations() });
  const shown = more ? '999+' : count;
  return (
    <a className="inbox-link" href="?page=inbox">
      Inbox
      {count ? (
        <>
          {' '}
          <span className="inbox-link__count">{shown}</span>
          <span className="visually-hidden"> waiting</span>
        </>
      ) : null}
    </a>
  );
}
