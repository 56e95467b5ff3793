import { Chat } from './Chat.tsx';
import { useConversationId } from './conversation.ts';

/** One conversation at a time; a new one remounts the chat with a fresh run store. */
export function App() {
  const conversation = useConversationId();
  return (
    <Chat
      key={conversation.id}
      conversationId={conversation.id}
      invalidLink={conversation.invalidLink}
      onNewConversation={conversation.startNew}
    />
  );
}
