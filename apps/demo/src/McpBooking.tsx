import { elicitations } from '@ask-user-kit/core/items';
import { useAgentRun } from '@ask-user-kit/react';
import { ResumeForm } from '@ask-user-kit/react/form';
import { PageShell, sendPermission } from './PageShell.tsx';
import { MessageRow, PromptRow, useAutoScroll } from './rows.tsx';

// ?page=mcp: the booking agent, whose MCP server (bookings) asks the user through MCP
// elicitation: a form for the booking, a payment page (URL mode) for the deposit. The requests
// come back after a reload: the suspended-runs list carries them.

const items = [elicitations];
const WORDS = { recipient: 'the booking agent', speaker: 'Booking', waitsOn: 'request' };
const WELCOME = {
  title: 'Book a table',
  text:
    'The booking agent calls the “bookings” MCP server. The server asks you for the details in a ' +
    'form (MCP elicitation), or sends you to its payment page, which opens only when you follow the link.',
  suggestions: ['Book a table at Chez Nous', 'Pay the deposit'],
};
const OPEN = new Set(['ready', 'submitting', 'failed']);

/** The booking agent's page: its MCP server's requests shown with `<ResumeForm>`. */
export function McpBooking({
  conversationId,
  onNewConversation,
}: {
  conversationId: string;
  onNewConversation: () => void;
}) {
  // The conversation's id names its resource: a reload lists its suspended runs and shows them again.
  const run = useAgentRun({ agentId: 'booking', baseUrl: '', resourceId: `mcp:${conversationId}`, items });
  const busy = run.status === 'streaming' || run.status === 'resuming';
  const waiting = run.items.some(({ item, state }) => item.kind !== 'malformed' && OPEN.has(state));
  useAutoScroll(run.transcript.length + run.items.length, waiting);
  return (
    <PageShell
      title="Booking"
      tagline="An MCP server that asks you through its agent"
      words={WORDS}
      status={run.status}
      waiting={waiting}
      connecting={run.restoring}
      problem={run.error && !busy ? { error: run.error } : undefined}
      canSend={sendPermission({ busy, waiting })}
      onSend={(text) => void run.send(text).catch(() => {})}
      onNewConversation={onNewConversation}
      empty={run.transcript.length === 0}
      welcome={WELCOME}
    >
      {run.transcript.map((entry) =>
        entry.type === 'prompt' ? null : (
          <MessageRow key={entry.id} role={entry.type} text={entry.text} speaker={WORDS.speaker} />
        ),
      )}
      {run.items.map(({ item, state }) => (
        <PromptRow key={item.key} open={state === 'ready'} takeFocus>
          <ResumeForm run={run} item={item} />
        </PromptRow>
      ))}
    </PageShell>
  );
}
