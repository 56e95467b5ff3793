import { useInboxCount } from '@ask-user-kit/react/inbox';
import { knownConversations } from './knownConversations.ts';

/**
 * The header's way to the inbox, with how many questions wait across the conversations this
 * browser has opened (none yet: nothing to count, nothing read). Its name is its visible text
 * ("Inbox 2") with "waiting" for screen readers, so that voice control users can say what they see.
 */
export function InboxLink() {
  const conversations = knownConversations();
  return (
    <a className="inbox-link" href="?page=inbox">
      Inbox
      {conversations.length > 0 ? <WaitingCount conversations={conversations} /> : null}
    </a>
  );
}

function WaitingCount({ conversations }: { conversations: string[] }) {
  const { count, more } = useInboxCount({ baseUrl: '', resource: conversations });
  if (!count) return null;
  return (
    <>
      {' '}
      <span className="inbox-link__count">{more ? '999+' : count}</span>
      <span className="visually-hidden"> waiting</span>
    </>
  );
}
