import { AgentRunError, type RunError, type RunStatus } from '@ask-user-kit/react';
import type { ReactNode } from 'react';
import { PageShell, sendPermission } from '../PageShell.tsx';
import { PLANNER_WELCOME, PLANNER_WORDS } from '../planner.ts';
import { useAutoScroll } from '../rows.tsx';
import { useTellTabs } from './stackTabs.ts';
import './stacks.css';

/** The chat stacks the demo can run the planner through, by their `?stack=` value. */
export const STACK_NAMES = {
  'ai-sdk': "the AI SDK's useChat",
  'mastra-react': "@mastra/react's useChat",
  'assistant-ui': 'assistant-ui',
  copilotkit: 'CopilotKit',
} as const;

export type StackName = keyof typeof STACK_NAMES;

/**
 * What of each stack's own UI the page shows, said on its welcome: the pages share the planner's
 * look on purpose (one page shell), so the difference is said where it is not seen.
 */
const STACK_UI: Record<StackName, string> = {
  'ai-sdk':
    'The AI SDK gives this page its messages and their state (useChat), not components: the bubbles are the ' +
    "demo's own, each question is the kit's <AskUserPrompt>.",
  'mastra-react':
    "@mastra/react's useChat gives this page its messages, not components: the bubbles are the demo's own, " +
    "each question is the kit's <AskUserPrompt>.",
  'assistant-ui':
    'assistant-ui renders this conversation: its ThreadPrimitive and MessagePrimitive lay out the messages, ' +
    "the kit's AskUserDataUI renders each question inside them, in the demo's bubbles.",
  copilotkit:
    "CopilotKit's chat UI does not render Mastra's questions (AG-UI interrupts) as forms: this page reads the " +
    "thread's messages from CopilotKit's agent and shows each question with the kit's <AskUserPrompt>.",
};

/** The URL's `?stack=`, when it names one of the stacks. */
export function stackFromUrl(): StackName | undefined {
  const name = new URLSearchParams(window.location.search).get('stack');
  return name !== null && Object.hasOwn(STACK_NAMES, name) ? (name as StackName) : undefined;
}

export interface StackPageProps {
  conversationId: string;
  /** The page made this conversation just now: nothing of it is on the server to read. */
  newThread: boolean;
  /** `replace` when this conversation is still empty: no browser-history entry for it. */
  onNewConversation: (mode: 'push' | 'replace') => void;
}

export interface StackShellProps extends Omit<StackPageProps, 'newThread'> {
  stack: StackName;
  /** A request of the chat is running: a reply being written, or an answer sent. */
  busy: boolean;
  /** A question waits for an answer: sending is off until it is answered. */
  waiting: boolean;
  /** The conversation is being read from the server. */
  connecting?: boolean;
  /** The conversation could not be read: nothing can be sent until it is. */
  unreadable?: boolean;
  /** The stack's last request failed, in its own words. */
  error?: string;
  /** The kit's reading of the stack's last failure (a chat route not reached, …): said with what to check. */
  runError?: RunError;
  /** How many rows the conversation has: a new one is scrolled into view. */
  rowCount: number;
  /** The agent is writing and nothing of its reply shows yet. Default: `busy`. */
  thinking?: boolean;
  onSend: (text: string) => void;
  /** The conversation's rows (`<li>`): the page's own, or those the stack renders (assistant-ui). */
  children: ReactNode;
}

const HISTORY_FAILED = 'The conversation could not be read from the server. Reload to try again.';

/** The planner page around one stack: the page shell, with what the stack says of its chat. */
export function StackShell(props: StackShellProps) {
  const { stack, busy, waiting, connecting = false, unreadable = false, error, rowCount } = props;
  useAutoScroll(rowCount, waiting);
  const tabs = useTellTabs(busy, connecting);
  const problem = unreadable
    ? {
        error: { code: 'http' as const, message: HISTORY_FAILED },
        title: 'Could not open the conversation',
        detail: HISTORY_FAILED,
        onRetry: () => window.location.reload(),
      }
    : props.runError && !busy
      ? { error: props.runError, alert: <AgentRunError run={{ error: props.runError }} /> }
      : error && !busy
        ? {
            error: { code: 'http' as const, message: error },
            detail: 'Nothing you wrote is lost. Send your message again, or start a new conversation.',
          }
        : undefined;
  const status: RunStatus = busy
    ? 'streaming'
    : waiting
      ? 'awaiting-input'
      : problem
        ? 'error'
        : rowCount > 0
          ? 'done'
          : 'idle';
  return (
    <PageShell
      title="Trip planner"
      tagline={`Through ${STACK_NAMES[stack]}`}
      words={PLANNER_WORDS}
      status={status}
      waiting={waiting}
      connecting={connecting}
      problem={problem}
      canSend={sendPermission({
        busy: busy || tabs.elsewhereBusy,
        waiting,
        checking: connecting,
        unknown: unreadable,
      })}
      onSend={props.onSend}
      onNewConversation={props.onNewConversation}
      empty={rowCount === 0}
      welcome={{
        ...PLANNER_WELCOME,
        note: `This page runs the planner through ${STACK_NAMES[stack]}. ${STACK_UI[stack]}`,
      }}
      thinking={props.thinking ?? busy}
    >
      {props.children}
    </PageShell>
  );
}
