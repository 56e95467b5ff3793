'use client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AgentRunError, AskUserPrompt, useAgentRun } from '@ask-user-kit/react';
import { useState } from 'react';

export function Chat(props: { userId: string; threadId: string }) {
  // One QueryClient per browser page (and per request on the server).
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <Conversation {...props} />
    </QueryClientProvider>
  );
}

function Conversation({ userId, threadId }: { userId: string; threadId: string }) {
  // baseUrl '': Mastra's /api routes on this app's origin (next.config.ts rewrites them).
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
