import { approvals, forms } from '@ask-user-kit/core/items';
import { Inbox, useInbox } from '@ask-user-kit/react/inbox';
import { budgetJsonSchema } from './Concierge.tsx';
import { knownConversations } from './knownConversations.ts';
import { Mark } from './rows.tsx';

const items = [approvals, forms.withResumeSchemas({ confirm_budget: budgetJsonSchema })];

/** Where a waiting item's conversation opens: the concierge's threads on its page, the planner's on the chat. */
const threadHref = (item: { agent: string; thread?: string }) => {
  if (!item.thread) return undefined;
  const agent = item.agent === 'concierge' ? 'agent=concierge&' : '';
  return `?${agent}thread=${encodeURIComponent(item.thread)}`;
};

/** Every question waiting in this browser's conversations, with both agents, answered in place. */
export function InboxPage() {
  const inbox = useInbox({ baseUrl: '', resource: knownConversations() });
  return (
    <div className="app">
      <header className="topbar">
        <div className="topbar__inner">
          <Mark as="logo" size={22} />
          <div className="brand">
            <h1 className="brand__name">Inbox</h1>
            <p className="brand__tag">Every question waiting for you, from every conversation</p>
          </div>
          <a className="inbox-link" href="?">
            Back to the chat
          </a>
        </div>
      </header>
      <main className="chat inbox-page">
        <Inbox inbox={inbox} threadHref={threadHref} items={items} />
      </main>
    </div>
  );
}
