import { Chat } from './Chat.tsx';
import { useConversationId } from './conversation.ts';

/** One conversation at a time; a new one remounts the chat with a fresh run store. */
export function App() {
  const [conversationId, startNew] = useConversationId();
  return <Chat key={conversationId} conversationId={conversationId} onNewConversation={startNew} />;
}
