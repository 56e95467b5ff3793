import { createFetchTransport } from '@ask-user-kit/core';
import { AskUserPrompt } from '@ask-user-kit/react';
import { useAskUserCopilotKit } from '@ask-user-kit/react/copilotkit';
import '@ask-user-kit/react/styles.css';
import { CopilotKitProvider, useAgent, useCopilotKit } from '@copilotkit/react-core/v2';
import { useState } from 'react';

// Mastra's suspended-runs list, to bring a waiting question back after a reload.
const runs = createFetchTransport({ baseUrl: '', agentId: 'planner' });

function Chat() {
  const { copilotkit } = useCopilotKit();
  // Until the runtime has answered /info, `agent` is a stand-in (isReady false): a message sent
  // through it would never reach the server.
  const { agent, isReady } = useAgent({ agentId: 'planner' });
  const run = useAskUserCopilotKit({
    agentId: 'planner',
    // @ag-ui/mastra keeps each thread under a resource of the same id.
    suspendedRuns: async () => (await runs.listSuspended({ resourceId: agent.threadId })).runs,
  });
  const [started, setStarted] = useState(false);

  const start = () => {
    setStarted(true);
    agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: 'Plan a trip' });
    void copilotkit.runAgent({ agent });
  };

  return (
    <main>
      <h1>Trip planner (CopilotKit)</h1>
      <button disabled={started || !isReady} onClick={start}>
        {isReady ? 'Start' : 'Connecting…'}
      </button>
      {agent.messages.map((message) => (
        <p key={message.id}>{textOf(message.content)}</p>
      ))}
      {run.transcript.map((entry) => (
        <AskUserPrompt key={entry.id} run={run} prompt={entry.prompt} />
      ))}
    </main>
  );
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: string; text?: string }) => (part.type === 'text' ? part.text : ''))
    .join('');
}

export default function App() {
  // CopilotKit's runtime on the Mastra server (the kit's copilotKitRoute), through Vite's proxy.
  return (
    <CopilotKitProvider runtimeUrl="/copilotkit" showDevConsole={false}>
      <Chat />
    </CopilotKitProvider>
  );
}
