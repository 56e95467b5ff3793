import { lazy, Suspense } from 'react';
import type { StackName, StackPageProps } from './StackShell.tsx';
import { StackTabsContext, useStackTabs } from './stackTabs.ts';

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
  // Another tab moved the conversation on: the chat mounts again, which reads it again.
  const { tabs, moves } = useStackTabs(props.conversationId);
  return (
    <StackTabsContext value={tabs}>
      <Suspense fallback={<p className="connecting">Opening the planner…</p>}>
        <Page key={moves} {...props} newThread={props.newThread && moves === 0} />
      </Suspense>
    </StackTabsContext>
  );
}
