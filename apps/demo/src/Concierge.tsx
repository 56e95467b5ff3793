import { approvals, forms } from '@ask-user-kit/core/items';
import { useAgentRun, type AgentRun } from '@ask-user-kit/react';
import { ToolApproval } from '@ask-user-kit/react/approval';
import { ResumeForm } from '@ask-user-kit/react/form';
import { Composer } from './Composer.tsx';
import { NewConversationButton } from './NewConversationButton.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/**
 * `confirm_budget`'s resume schema (budgetSchema in packages/testing, as JSON Schema). Mastra's
 * suspended-runs list leaves it out, so a form restored after a reload takes it from here.
 */
const budgetJsonSchema = {
  type: 'object',
  properties: {
    amount: { type: 'number', minimum: 1, description: 'The most you want to spend on activities' },
    currency: { type: 'string', enum: ['EUR', 'USD', 'JPY'] },
    flexible: { type: 'boolean', description: 'May the concierge go a little over?' },
    notes: { type: 'string' },
  },
  required: ['amount', 'currency', 'flexible'],
  additionalProperties: false,
};

const items = [approvals, forms.withResumeSchemas({ confirm_budget: budgetJsonSchema })];

export interface ConciergeProps {
  conversationId: string;
  /** The link named a conversation the concierge cannot open (the planner's); this is a new one. */
  invalidLink: boolean;
  /** The page made this conversation just now: nothing of it is on the server to read. */
  newThread: boolean;
  /** `replace` when this conversation is still empty: no browser-history entry for it. */
  onNewConversation: (mode: 'push' | 'replace') => void;
}

const INVALID_LINK_NOTICE =
  'The link did not name a conversation the concierge can open, so this is a new conversation.';

/** The concierge: a booking to approve, then a budget form generated from its resume schema. */
export function Concierge({ conversationId, invalidLink, newThread, onNewConversation }: ConciergeProps) {
  const run = useAgentRun({
    agentId: 'concierge',
    // The page's own origin: Vite proxies /api to the Mastra server.
    baseUrl: '',
    threadId: conversationId,
    resourceId: conversationId,
    newThread,
    items,
  });
  const busy = run.status === 'streaming' || run.status === 'resuming';
  const waiting = run.openItems.some((item) => item.kind !== 'malformed');
  const send = (text: string) => void run.send(text).catch(() => {});
  // Items are not transcript entries: they show after the message that led to them.
  const lastUser = run.transcript.findLastIndex((entry) => entry.type === 'user');

  return (
    <div className="app">
      <header className="topbar">
        <div className="topbar__inner">
          <div className="brand">
            <div>
              <h1 className="brand__name">Concierge</h1>
              <p className="brand__tag">An agent that asks for approval and for details</p>
            </div>
          </div>
          <div className="topbar__actions">
            <StatusBadge
              status={run.status}
              waiting={waiting}
              connecting={run.restoring}
              trouble={run.error && !busy ? 'failed' : undefined}
            />
            <NewConversationButton
              onClick={() => onNewConversation(run.transcript.length === 0 ? 'replace' : 'push')}
            />
          </div>
        </div>
      </header>
      <main className="chat">
        <section className="chat__log" aria-labelledby="conversation-heading">
          <h2 id="conversation-heading" className="visually-hidden">
            Conversation
          </h2>
          {invalidLink && <p className="notice">{INVALID_LINK_NOTICE}</p>}
          <ol className="transcript">
            {run.transcript.slice(0, lastUser + 1).map((entry) => (
              <Message key={entry.id} entry={entry} />
            ))}
            {run.items.map(({ item }) => (
              <li key={item.key} className="message message--assistant">
                <Item run={run} item={item} />
              </li>
            ))}
            {run.transcript.slice(lastUser + 1).map((entry) => (
              <Message key={entry.id} entry={entry} />
            ))}
          </ol>
          {run.error && !busy && <p role="alert">{run.error.message}</p>}
        </section>
        <div className="chat__dock">
          <Composer
            disabled={busy || waiting || run.restoring}
            pending={!busy && !waiting && run.restoring}
            hint={
              waiting
                ? 'Answer the request above to continue.'
                : busy
                  ? 'The concierge is writing…'
                  : run.restoring
                    ? 'Opening your conversation…'
                    : undefined
            }
            onSend={send}
            recipient="the concierge"
          />
        </div>
      </main>
    </div>
  );
}

function Item({ run, item }: { run: AgentRun; item: AgentRun['items'][number]['item'] }) {
  const isForm = item.kind === 'form' || (item.kind === 'malformed' && item.of === 'form');
  return isForm ? <ResumeForm run={run} item={item} /> : <ToolApproval run={run} item={item} />;
}

function Message({ entry }: { entry: AgentRun['transcript'][number] }) {
  if (entry.type === 'user') return <li className="message message--user">{entry.text}</li>;
  if (entry.type === 'assistant') return <li className="message message--assistant">{entry.text}</li>;
  return null;
}
