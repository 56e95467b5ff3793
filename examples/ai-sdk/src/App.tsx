import { useChat } from '@ai-sdk/react';
import { createFetchTransport } from '@ask-user-kit/core';
import { AgentRunError, AskUserPrompt } from '@ask-user-kit/react';
import { promptFromPart, useAskUserChat } from '@ask-user-kit/react/ai-sdk';
import '@ask-user-kit/react/styles.css';
import { DefaultChatTransport } from 'ai';
import { useState } from 'react';

// The conversation, kept in the planner's memory: the answers resume runs of this thread.
const memory = { thread: crypto.randomUUID(), resource: 'u-1' };

export default function App() {
  // @mastra/ai-sdk's chatRoute({ path: '/chat/:agentId' }) on the Mastra server, through Vite's proxy.
  const [transport] = useState(() => new DefaultChatTransport({ api: '/chat/planner', body: { memory } }));
  // Mastra's suspended-runs list tells a question that no longer waits (expired) from a failed answer.
  const [runs] = useState(() => createFetchTransport({ baseUrl: '', agentId: 'planner' }));
  const chat = useChat({ transport });
  const run = useAskUserChat(chat, {
    suspendedRuns: async () => (await runs.listSuspended({ resourceId: memory.resource })).runs,
  });

  return (
    <main>
      <h1>Trip planner (AI SDK useChat)</h1>
      <button
        disabled={chat.status !== 'ready' || chat.messages.length > 0}
        onClick={() => void chat.sendMessage({ text: 'Plan a trip' })}
      >
        Start
      </button>
      <AgentRunError run={run} />
      {chat.messages.map((message) =>
        message.parts.map((part, index) => {
          const key = `${message.id}-${index}`;
          if (part.type === 'text') return <p key={key}>{part.text}</p>;
          // A question is a `data-tool-call-suspended` part, in its place in the conversation.
          const prompt = promptFromPart(part);
          return prompt && <AskUserPrompt key={key} run={run} prompt={prompt} />;
        }),
      )}
    </main>
  );
}
