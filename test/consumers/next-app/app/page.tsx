import { parsePrompt } from '@ask-user-kit/core';
import { Question } from './Question';

// A server component: the prompt is parsed on the server (core has no React) and rendered by a
// client component, so the page's HTML already holds the question (SSR).
export default function Page() {
  const prompt = parsePrompt({
    runId: 'run-1',
    toolCallId: 'call-1',
    toolName: 'ask_user',
    suspendPayload: {
      question: 'How will you travel?',
      options: [{ label: 'Train' }, { label: 'Plane', description: 'Fastest' }],
      selectionMode: 'single_select',
    },
  });
  return (
    <main>
      <h1>ask-user-kit in Next.js</h1>
      <Question prompt={prompt} />
    </main>
  );
}
