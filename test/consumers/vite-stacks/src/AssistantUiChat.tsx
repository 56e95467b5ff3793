import { AssistantRuntimeProvider, MessagePrimitive, ThreadPrimitive } from '@assistant-ui/react';
import { AssistantChatTransport, useChatRuntime } from '@assistant-ui/react-ai-sdk';
import { createFetchTransport } from '@ask-user-kit/core';
import { makeAskUserDataUI } from '@ask-user-kit/react/assistant-ui';
import '@ask-user-kit/react/styles.css';
import { useState } from 'react';

// One thread per page load, kept in the planner's memory so the resumes find their run.
const memory = { thread: `consumer-${Date.now()}`, resource: 'consumer' };

// The kit's renderer for chatRoute's `tool-call-suspended` data parts; the suspended-runs list
// tells an expired question from a failed resume.
const AskUserDataUI = makeAskUserDataUI({
  transport: createFetchTransport({ baseUrl: '', agentId: 'planner' }),
  resourceId: memory.resource,
});

/** The planner through assistant-ui's AI SDK runtime over @mastra/ai-sdk's chatRoute (/chat/planner). */
export default function AssistantUiChat() {
  const [transport] = useState(() => new AssistantChatTransport({ api: '/chat/planner', body: { memory } }));
  const runtime = useChatRuntime({ transport });
  const [started, setStarted] = useState(false);

  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <AskUserDataUI />
      <main>
        <h1>ask-user-kit with assistant-ui</h1>
        <button
          type="button"
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
