import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AgentRunError, AskUserPrompt, useAgentRun } from '@ask-user-kit/react';
import '@ask-user-kit/react/styles.css'; // optional default look

function Chat({ userId, threadId }: { userId: string; threadId: string }) {
  // baseUrl: where the Mastra server's /api routes are; '' = this page's origin (Vite's proxy below).
  const run = useAgentRun({ agentId: 'planner', baseUrl: '', resourceId: userId, threadId });
  return (
    <>
      <button disabled={run.status === 'streaming'} onClick={() => run.send('Plan a trip')}>
        Start
      </button>
      <AgentRunError run={run} />
      <p>{run.text}</p>
      {run.openPrompts.map((prompt) => (
        <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />
      ))}
    </>
  );
}

const queryClient = new QueryClient();

export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Chat userId="u-1" threadId="t-1" />
    </QueryClientProvider>
  );
}
