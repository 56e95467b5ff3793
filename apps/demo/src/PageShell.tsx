import type { RunError, RunStatus } from '@ask-user-kit/react';
import type { SendBlock } from '@ask-user-kit/react/history';
import type { ReactNode } from 'react';
import { Composer } from './Composer.tsx';
import { DemoPages } from './DemoPages.tsx';
import { ErrorBanner, troubleOf, type Trouble } from './ErrorBanner.tsx';
import { InboxLink } from './InboxLink.tsx';
import { NewConversationButton } from './NewConversationButton.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useOnline } from './useOnline.ts';
import { Mark, Thinking } from './rows.tsx';
import { Welcome, type WelcomeProps } from './Welcome.tsx';

/** Whether a message may be sent now, and if not, why (one send at a time per conversation). */
export type SendPermission = { allowed: true; reason?: never } | { allowed: false; reason: SendBlock };

const SEND_ALLOWED: SendPermission = { allowed: true };

/** The page's agent in words, and what of it waits for the user. */
export interface AgentWords {
  /** As in "Message the planner". */
  recipient: string;
  /** As in "Planner:" before its messages, for screen readers. */
  speaker: string;
  /** What waits for the user: "question", "request". */
  waitsOn: string;
}

const OFFLINE_HINT = 'You are offline. You can send once your connection is back.';

/** Why the composer cannot send now, in the user's words. */
function sendHint(reason: SendBlock, words: AgentWords): string {
  switch (reason) {
    case 'waiting':
      return `Answer the ${words.waitsOn} above to continue.`;
    case 'busy':
      return `${capitalized(words.recipient)} is writing…`;
    case 'checking':
      return 'Opening your conversation…';
    case 'unknown':
      return `Sending is paused until we know whether a ${words.waitsOn} is waiting for you: retry above.`;
  }
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface PageShellProps {
  title: string;
  tagline: string;
  words: AgentWords;
  status: RunStatus;
  /** Something waits for the user's answer. */
  waiting: boolean;
  /** The conversation is being read. */
  connecting: boolean;
  /** What went wrong, said in the banner above the composer (with Retry when given). */
  problem?: {
    error: RunError;
    title?: string;
    detail?: string;
    onRetry?: () => void;
    /** Said instead of the banner: an alert of its own (the kit's `AgentRunError`, with what to check). */
    alert?: ReactNode;
  };
  /** Said as trouble in the status although no banner shows it (a failed answer says so itself). */
  quietProblem?: RunError;
  canSend: SendPermission;
  onSend: (text: string) => void;
  /** `replace` when the conversation is empty: Back then skips it. */
  onNewConversation: (mode: 'push' | 'replace') => void;
  /** Nothing said yet: the welcome shows instead of the transcript. */
  empty: boolean;
  welcome: Omit<WelcomeProps, 'onPick' | 'disabled'>;
  /** Said above the conversation (a link that could not be opened). */
  notice?: string;
  /** The conversation's rows (`<li>`). */
  children: ReactNode;
  /** The agent is writing and nothing of it shows yet. */
  thinking?: boolean;
}

/**
 * Every page of the demo: a header with the page's name, the other pages, its status and "New conversation"; the
 * conversation (the welcome when empty, "Opening your conversation…" while it is read); and the
 * composer docked below, with why it cannot send now. Offline is said the same way everywhere.
 */
export function PageShell(props: PageShellProps) {
  const { words, status, waiting, connecting, problem, canSend, empty } = props;
  const online = useOnline();
  const shownError = problem?.error ?? props.quietProblem;
  const trouble: Trouble | undefined = shownError
    ? troubleOf(shownError, online)
    : online
      ? undefined
      : 'offline';
  const allowed = canSend.allowed && online;
  const hint = !online ? OFFLINE_HINT : canSend.allowed ? undefined : sendHint(canSend.reason, words);
  const newConversation = () => props.onNewConversation(empty ? 'replace' : 'push');

  return (
    <div className="app">
      <header className="topbar">
        <div className="topbar__inner">
          <Mark as="logo" size={22} />
          <div className="brand">
            <h1 className="brand__name">{props.title}</h1>
            <p className="brand__tag">{props.tagline}</p>
          </div>
          <DemoPages current={props.title} />
          <StatusBadge status={status} waiting={waiting} connecting={connecting} trouble={trouble} />
          <InboxLink />
          <NewConversationButton onClick={newConversation} />
        </div>
      </header>

      <main className="chat">
        <section
          className="chat__log"
          aria-labelledby="conversation-heading"
          aria-busy={connecting || undefined}
        >
          <h2 id="conversation-heading" className="visually-hidden">
            Conversation
          </h2>
          {props.notice && <p className="notice">{props.notice}</p>}
          {connecting && empty ? (
            <p className="connecting">Opening your conversation…</p>
          ) : empty ? (
            <Welcome {...props.welcome} onPick={props.onSend} disabled={!allowed} />
          ) : (
            <ol className="transcript">
              {props.children}
              {props.thinking && <Thinking speaker={words.speaker} />}
            </ol>
          )}
        </section>

        <div className="chat__dock">
          {problem?.alert}
          {problem && !problem.alert && (
            <ErrorBanner
              error={problem.error}
              online={online}
              who={words.recipient}
              title={problem.title}
              detail={problem.detail}
              onRetry={problem.onRetry}
            />
          )}
          <Composer
            disabled={!allowed}
            pending={online && !canSend.allowed && canSend.reason === 'checking'}
            hint={hint}
            onSend={props.onSend}
            recipient={words.recipient}
          />
        </div>
      </main>
    </div>
  );
}

/** One send at a time: the first reason that holds, or allowed. */
export function sendPermission(facts: Partial<Record<SendBlock, boolean>>): SendPermission {
  for (const reason of ['busy', 'waiting', 'checking', 'unknown'] as const) {
    if (facts[reason]) return { allowed: false, reason };
  }
  return SEND_ALLOWED;
}
