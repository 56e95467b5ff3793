import { Chat } from './Chat.tsx';
import { Concierge } from './Concierge.tsx';
import { useConversationId } from './conversation.ts';

/** One conversation at a time; a new one remounts the chat with a fresh run store. */
export function App() {
  const conversation = useConversationId();
  // ?agent=concierge talks to the concierge (approvals and forms) instead of the planner.
  if (new URLSearchParams(location.search).get('agent') === 'concierge')
    return (
      <Concierge
        key={conversation.id}
        conversationId={conversation.id}
        onNewConversation={conversation.startNew}
      />
    );
  return (
    <Chat
      key={conversation.id}
      conversationId={conversation.id}
      invalidLink={conversation.invalidLink}
      onNewConversation={conversation.startNew}
    />
  );
}
