import { useChat } from '@ai-sdk/react';
import { createFetchTransport } from '@ask-user-kit/core';
import { AskUserPrompt } from '@ask-user-kit/react';
import { useAskUserChat } from '@ask-user-kit/react/ai-sdk';
import '@ask-user-kit/react/styles.css';
import { DefaultChatTransport } from 'ai';
import { useState } from 'react';

// One thread per page load, kept in the planner's memory so the resumes find their run.
const memory = { thread: `consumer-${Date.now()}`, resource: 'consumer' };

/** The planner through the AI SDK's useChat over @mastra/ai-sdk's chatRoute (/chat/planner). */
export default function AiSdkChat() {
  const [transport] = useState(() => new DefaultChatTransport({ api: '/chat/planner', body: { memory } }));
  // The suspended-runs list tells an expired question from a failed resume.
  const [runs] = useState(() => createFetchTransport({ baseUrl: '', agentId: 'planner' }));
  const chat = useChat({ transport });
  const run = useAskUserChat(chat, { transport: runs, resourceId: memory.resource });

  return (
    <main>
      <h1>ask-user-kit with the AI SDK's useChat</h1>
      <p data-testid="status">{chat.status}</p>
      <button
        type="button"
        disabled={chat.status !== 'ready' || chat.messages.length > 0}
        onClick={() => void chat.sendMessage({ text: 'Plan a trip' })}
      >
        Start
      </button>
      {run.openPrompts.map((prompt) => (
        <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />
      ))}
    </main>
  );
}
