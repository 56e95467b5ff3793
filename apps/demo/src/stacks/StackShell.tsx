import type { RunStatus } from '@ask-user-kit/react';
import type { ReactNode } from 'react';
import { Composer } from '../Composer.tsx';
import { NewConversationButton } from '../NewConversationButton.tsx';
import { StatusBadge } from '../StatusBadge.tsx';
import { Welcome } from '../Welcome.tsx';
import './stacks.css';

/** The chat stacks the demo can run the planner through, by their `?stack=` value. */
export const STACK_NAMES = {
  'ai-sdk': "the AI SDK's useChat",
  'mastra-react': "@mastra/react's useChat",
  'assistant-ui': 'assistant-ui',
  copilotkit: 'CopilotKit',
} as const;

export type StackName = keyof typeof STACK_NAMES;

/** The URL's `?stack=`, when it names one of the stacks. */
export function stackFromUrl(): StackName | undefined {
  const name = new URLSearchParams(window.location.search).get('stack');
  return name !== null && Object.hasOwn(STACK_NAMES, name) ? (name as StackName) : undefined;
}

export interface StackPageProps {
  conversationId: string;
  /** `replace` when this conversation is still empty: no browser-history entry for it. */
  onNewConversation: (mode: 'push' | 'replace') => void;
}

export interface StackShellProps extends StackPageProps {
  stack: StackName;
  status: RunStatus;
  /** A question waits for an answer: sending is off until it is answered. */
  waiting: boolean;
  /** The conversation is being read from the server. */
  connecting?: boolean;
  /** Nothing said yet: the welcome and its suggestions show. */
  empty: boolean;
  /** The stack's own error, said under the conversation: a message, or an alert of its own. */
  error?: ReactNode;
  onSend: (text: string) => void;
  /** The conversation's rows (`<li>`), or the stack's own thread when `list` is false. */
  children: ReactNode;
  /** Whether `children` are `<li>` rows to put in the page's list (assistant-ui renders its own). */
  list?: boolean;
}

/** The planner page around one stack: the default page's header, log and composer. */
export function StackShell(props: StackShellProps) {
  const { stack, status, waiting, connecting = false, empty, error, onSend, children, list = true } = props;
  const busy = status === 'streaming' || status === 'resuming';
  const hint = waiting
    ? 'Answer the question above to continue.'
    : busy
      ? 'The planner is writing…'
      : connecting
        ? 'Opening your conversation…'
        : undefined;
  return (
    <div className="app">
      <header className="topbar">
        <div className="topbar__inner">
          <div className="brand">
            <div>
              <h1 className="brand__name">Trip planner</h1>
              <p className="brand__tag">Through {STACK_NAMES[stack]}</p>
            </div>
          </div>
          <div className="topbar__actions">
            <StatusBadge
              status={status}
              waiting={waiting}
              connecting={connecting}
              trouble={error && !busy ? 'failed' : undefined}
            />
            <NewConversationButton onClick={() => props.onNewConversation(empty ? 'replace' : 'push')} />
          </div>
        </div>
      </header>
      <main className="chat">
        <section className="chat__log" aria-labelledby="conversation-heading">
          <h2 id="conversation-heading" className="visually-hidden">
            Conversation
          </h2>
          {empty && !connecting && <Welcome onPick={onSend} disabled={busy} />}
          {list ? <ol className="transcript">{children}</ol> : children}
          {error && !busy && (typeof error === 'string' ? <p role="alert">{error}</p> : error)}
        </section>
        <div className="chat__dock">
          <Composer disabled={busy || waiting || connecting} hint={hint} onSend={onSend} />
        </div>
      </main>
    </div>
  );
}

/** One message of the conversation, as the default page shows it. */
export function MessageRow({ role, text }: { role: 'user' | 'assistant'; text: string }) {
  if (!text) return null;
  return (
    <li className={`message message--${role}`}>
      <span className="visually-hidden">{role === 'user' ? 'You said:' : 'Planner:'}</span>
      <p className="bubble">{text}</p>
    </li>
  );
}

/** A question's row: the prompt in the default page's look. */
export function PromptRow({ children }: { children: ReactNode }) {
  return (
    <li className="message message--prompt">
      <div className="prompt-cell">{children}</div>
    </li>
  );
}

/** The page's status from a chat's own: a question waiting wins, then a request running. */
export function statusOf(chat: {
  busy: boolean;
  waiting: boolean;
  failed: boolean;
  said: boolean;
}): RunStatus {
  if (chat.busy) return 'streaming';
  if (chat.waiting) return 'awaiting-input';
  if (chat.failed) return 'error';
  return chat.said ? 'done' : 'idle';
}
