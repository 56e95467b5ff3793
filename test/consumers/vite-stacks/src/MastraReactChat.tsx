import { createFetchTransport } from '@ask-user-kit/core';
import { AskUserPrompt } from '@ask-user-kit/react';
import { useAskUserMastraChat } from '@ask-user-kit/react/mastra-react';
import '@ask-user-kit/react/styles.css';
import { MastraReactProvider, useChat } from '@mastra/react';
import { useState } from 'react';

// One thread per page load: @mastra/react's useChat resumes a question in its thread.
const ids = { threadId: `consumer-${Date.now()}`, resourceId: 'consumer' };

/** The planner through @mastra/react's useChat, against Mastra's agent routes (/api). */
function Chat() {
  const chat = useChat({ agentId: 'planner', ...ids });
  const [transport] = useState(() => createFetchTransport({ baseUrl: '', agentId: 'planner' }));
  const run = useAskUserMastraChat(chat, { transport, ...ids });

  return (
    <main>
      <h1>ask-user-kit with @mastra/react's useChat</h1>
      <p data-testid="status">{chat.isRunning ? 'running' : 'idle'}</p>
      <button
        type="button"
        disabled={chat.isRunning || chat.messages.length > 0}
        onClick={() => void chat.sendMessage({ message: 'Plan a trip', threadId: ids.threadId })}
      >
        Start
      </button>
      {run.openPrompts.map((prompt) => (
        <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />
      ))}
    </main>
  );
}

export default function MastraReactChat() {
  // The page's own origin, where `vite preview` forwards /api to the Mastra server.
  return (
    <MastraReactProvider baseUrl={window.location.origin}>
      <Chat />
    </MastraReactProvider>
  );
}
