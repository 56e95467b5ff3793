import { Chat } from './Chat.tsx';
import { Concierge } from './Concierge.tsx';
import { useConversationId } from './conversation.ts';

/** One conversation at a time; a new one remounts the chat with a fresh run store. */
export function App() {
  const [conversationId, startNew] = useConversationId();
  // ?agent=concierge talks to the concierge (approvals and forms) instead of the planner.
  if (new URLSearchParams(location.search).get('agent') === 'concierge')
    return <Concierge key={conversationId} conversationId={conversationId} onNewConversation={startNew} />;
  return <Chat key={conversationId} conversationId={conversationId} onNewConversation={startNew} />;
}
