import { Chat } from './Chat.tsx';
import { Concierge } from './Concierge.tsx';
import { InboxPage } from './InboxPage.tsx';
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
