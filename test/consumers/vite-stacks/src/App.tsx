import { lazy, Suspense } from 'react';

// One page per chat stack (?stack=ai-sdk, mastra-react, assistant-ui), each in its own chunk: a page
// loads its stack's packages and the kit's subpath for it, nothing of the others.
const pages = {
  'ai-sdk': lazy(() => import('./AiSdkChat.tsx')),
  'mastra-react': lazy(() => import('./MastraReactChat.tsx')),
  'assistant-ui': lazy(() => import('./AssistantUiChat.tsx')),
};

const stack = new URLSearchParams(location.search).get('stack');

export default function App() {
  if (!stack || !(stack in pages)) return <p>Pick a chat stack: ?stack={Object.keys(pages).join(' or ')}</p>;
  const Page = pages[stack as keyof typeof pages];
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <Page />
    </Suspense>
  );
}
