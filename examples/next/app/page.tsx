import { Chat } from './Chat';

// A server component: it decides whose conversation this is (here from the address, in an app from
// its session) and renders the page around the client component that talks to the agent.
export default async function Page({ searchParams }: { searchParams: Promise<{ thread?: string }> }) {
  const { thread = 'thread-1' } = await searchParams;
  return (
    <main>
      <h1>Trip planner</h1>
      <p>The planner asks where, how and what; your answers resume it.</p>
      <Chat userId="user-1" threadId={thread} />
    </main>
  );
}
