import { Chat } from './Chat.tsx';
import { Concierge } from './Concierge.tsx';
import { Expense } from './Expense.tsx';
import { McpBooking } from './McpBooking.tsx';
import { InboxPage } from './InboxPage.tsx';
import { Supervisor } from './Supervisor.tsx';
import { useConversationId } from './conversation.ts';
import { StackPage } from './stacks/StackPage.tsx';
import { stackFromUrl } from './stacks/StackShell.tsx';

/** The inbox, or one conversation at a time; a new one remounts the chat with a fresh run store. */
export function App() {
  // ?page=inbox: every question waiting in this browser's conversations, beside the chat.
  if (new URL(window.location.href).searchParams.get('page') === 'inbox') return <InboxPage />;
  return <Conversation />;
}

function Conversation() {
  const conversation = useConversationId();
  // ?page=mcp: an agent whose MCP server asks through elicitation (a form, a payment page).
  if (new URLSearchParams(location.search).get('page') === 'mcp')
    return (
      <McpBooking
        key={conversation.id}
        conversationId={conversation.id}
        onNewConversation={() => conversation.startNew('push')}
      />
    );
  // ?agent=concierge talks to the concierge (approvals and forms) instead of the planner, on a
  // thread of its own.
  if (conversation.agent === 'concierge')
    return (
      <Concierge
        key={conversation.id}
        conversationId={conversation.id}
        invalidLink={conversation.invalidLink}
        newThread={conversation.newThread}
        onNewConversation={conversation.startNew}
      />
    );
  // ?agent=expense runs the expense workflow: a run per claim, its id in ?thread=.
  if (conversation.agent === 'expense')
    return (
      <Expense
        key={conversation.id}
        runId={conversation.id}
        newRun={conversation.newThread}
        onNewConversation={conversation.startNew}
      />
    );
  // ?agent=supervisor: sub-agents that ask (a question, an approval) through the supervisor's run.
  if (conversation.agent === 'supervisor')
    return (
      <Supervisor
        key={conversation.id}
        conversationId={conversation.id}
        onNewConversation={conversation.startNew}
      />
    );
  // ?stack=ai-sdk|mastra-react|assistant-ui|copilotkit runs the planner through that chat stack instead.
  const stack = stackFromUrl();
  if (stack)
    return (
      <StackPage
        key={conversation.id}
        stack={stack}
        conversationId={conversation.id}
        newThread={conversation.newThread}
        onNewConversation={conversation.startNew}
      />
    );
  return (
    <Chat
      key={conversation.id}
      conversationId={conversation.id}
      invalidLink={conversation.invalidLink}
      newThread={conversation.newThread}
      onNewConversation={conversation.startNew}
    />
  );
}
