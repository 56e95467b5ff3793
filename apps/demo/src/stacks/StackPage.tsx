import { lazy, Suspense } from 'react';
import type { StackName, StackPageProps } from './StackShell.tsx';

// Each stack in its own chunk: the default page loads none of them.
const PAGES = {
  'ai-sdk': lazy(() => import('./AiSdkStack.tsx')),
  'mastra-react': lazy(() => import('./MastraReactStack.tsx')),
  'assistant-ui': lazy(() => import('./AssistantUiStack.tsx')),
  copilotkit: lazy(() => import('./CopilotKitStack.tsx')),
} satisfies Record<StackName, unknown>;

/** The planner through one chat stack (`?stack=`), loaded when asked for. */
export function StackPage({ stack, ...props }: StackPageProps & { stack: StackName }) {
  const Page = PAGES[stack];
  return (
    <Suspense fallback={<p className="connecting">Opening the planner…</p>}>
      <Page {...props} />
    </Suspense>
  );
}
