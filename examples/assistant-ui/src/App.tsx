import { AssistantRuntimeProvider, MessagePrimitive, ThreadPrimitive } from '@assistant-ui/react';
import { AssistantChatTransport, useChatRuntime } from '@assistant-ui/react-ai-sdk';
import { createFetchTransport } from '@ask-user-kit/core';
import { makeAskUserDataUI } from '@ask-user-kit/react/assistant-ui';
import '@ask-user-kit/react/styles.css';
import { useState } from 'react';

// The conversation, kept in the planner's memory: the answers resume runs of this thread.
const memory = { thread: crypto.randomUUID(), resource: 'u-1' };

// The kit's renderer for chatRoute's suspended ask_user (a `tool-call-suspended` data part). Mastra's
// suspended-runs list tells a question that no longer waits (expired) from a failed answer.
const runs = createFetchTransport({ baseUrl: '', agentId: 'planner' });
const AskUserDataUI = makeAskUserDataUI({
  suspendedRuns: async () => (await runs.listSuspended({ resourceId: memory.resource })).runs,
});

export default function App() {
  // @mastra/ai-sdk's chatRoute({ path: '/chat/:agentId' }) on the Mastra server, through Vite's proxy.
  const [transport] = useState(() => new AssistantChatTransport({ api: '/chat/planner', body: { memory } }));
  const runtime = useChatRuntime({ transport });
  const [started, setStarted] = useState(false);

  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <AskUserDataUI />
      <main>
        <h1>Trip planner (assistant-ui)</h1>
        <button
          disabled={started}
          onClick={() => {
            setStarted(true);
            runtime.thread.append('Plan a trip');
          }}
        >
          Start
        </button>
        <ThreadPrimitive.Messages components={{ Message }} />
      </main>
    </AssistantRuntimeProvider>
  );
}

function Message() {
  return (
    <div>
      <MessagePrimitive.Parts />
    </div>
  );
}
