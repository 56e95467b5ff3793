import { createFetchTransport } from '@ask-user-kit/core';
import { AskUserPrompt } from '@ask-user-kit/react';
import { useAskUserMastraChat } from '@ask-user-kit/react/mastra-react';
import '@ask-user-kit/react/styles.css';
import { MastraReactProvider, useChat } from '@mastra/react';
import { useState } from 'react';

// The conversation: @mastra/react's useChat keeps it in the planner's memory.
const ids = { threadId: crypto.randomUUID(), resourceId: 'u-1' };

type Message = ReturnType<typeof useChat>['messages'][number];

function Chat() {
  const chat = useChat({ agentId: 'planner', ...ids });
  // Answers resume the run that asked, through Mastra's /api routes.
  const [transport] = useState(() => createFetchTransport({ baseUrl: '', agentId: 'planner' }));
  const run = useAskUserMastraChat(chat, { transport, ...ids });

  return (
    <main>
      <h1>Trip planner (@mastra/react useChat)</h1>
      <button
        disabled={chat.isRunning || chat.messages.length > 0}
        onClick={() => void chat.sendMessage({ message: 'Plan a trip', threadId: ids.threadId })}
      >
        Start
      </button>
      {chat.messages.map((message) => (
        <p key={message.id}>{textOf(message)}</p>
      ))}
      {run.transcript.map((entry) => (
        <AskUserPrompt key={entry.prompt.key} run={run} prompt={entry.prompt} />
      ))}
    </main>
  );
}

function textOf({ content }: Message): string {
  if (typeof content === 'string') return content;
  return content.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

export default function App() {
  // Mastra's /api routes on this page's origin, through Vite's proxy.
  return (
    <MastraReactProvider baseUrl={window.location.origin}>
      <Chat />
    </MastraReactProvider>
  );
}
