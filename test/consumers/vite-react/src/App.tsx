import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { AskUserPrompt, useAgentRun } from '@ask-user-kit/react'
import '@ask-user-kit/react/styles.css'

// The Mastra server's origin comes from the page's address (?server=http://127.0.0.1:PORT), so one
// build serves any port the consumer gate picks.
const server = new URLSearchParams(location.search).get('server') ?? ''
const queryClient = new QueryClient()
const threadId = `consumer-${Date.now()}`

function Chat() {
  const run = useAgentRun({ agentId: 'planner', baseUrl: server, resourceId: 'consumer', threadId })
  return (
    <main>
      <h1>ask-user-kit in a Vite app</h1>
      <p data-testid="status">{run.status}</p>
      <button type="button" disabled={run.status === 'streaming'} onClick={() => run.send('Plan a trip')}>
        Start
      </button>
      <p>{run.text}</p>
      {run.openPrompts.map((prompt) => (
        <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />
      ))}
    </main>
  )
}

export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Chat />
    </QueryClientProvider>
  )
}
