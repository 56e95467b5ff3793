import {
  AskUserPrompt,
  useAgentRun,
  useTranscriptEntry,
  type AgentRun,
  type AskUserPromptRun,
  type TranscriptEntry,
} from '@ask-user-kit/react';
import type { PromptEntry } from '@ask-user-kit/core';
import { useThreadHistory, type SendBlock } from '@ask-user-kit/react/history';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Composer } from './Composer.tsx';
import { ErrorBanner, ErrorDetails, troubleOf } from './ErrorBanner.tsx';
import { NewConversationButton } from './NewConversationButton.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useOnline } from './useOnline.ts';
import { Welcome } from './Welcome.tsx';

export interface ChatProps {
  conversationId: string;
  /** The link named a conversation that cannot exist; this is a new one instead. */
  invalidLink: boolean;
  /** The page made this conversation just now: nothing of it is on the server to read. */
  newThread: boolean;
  /** `replace` when this conversation is empty, so Back does not walk through empty ones. */
  onNewConversation: (mode: 'push' | 'replace') => void;
}

// Why the composer cannot send now, in the user's words.
const SEND_HINTS: Record<SendBlock, string> = {
  waiting: 'Answer the question above to continue.',
  busy: 'The planner is writing…',
  checking: 'Opening your conversation…',
  unknown: 'Sending is paused until we know whether a question is waiting for you: retry above.',
};
const OFFLINE_HINT = 'You are offline. You can send once your connection is back.';
const INVALID_LINK_NOTICE =
  'The link did not name a conversation this planner can open, so this is a new conversation.';
const RESTORED_ONLY_NOTICE = 'Picked up where you left off: this question is still waiting for you.';

export function Chat({ conversationId, invalidLink, newThread, onNewConversation }: ChatProps) {
  // The page's own origin: Vite proxies /api to the Mastra server.
  const source = {
    agentId: 'planner',
    baseUrl: '',
    threadId: conversationId,
    resourceId: conversationId,
    newThread,
  };
  const run = useAgentRun({
    ...source,
    // The chat renders on structure only; each row reads its own entry, so a text delta renders
    // the streaming message alone and a new question renders itself (and the list that adds it).
    watchText: false,
  });
  // The whole conversation from the server's memory, other tabs in step, one send at a time.
  const history = useThreadHistory(run, source);
  const online = useOnline();
  const busy = run.status === 'streaming' || run.status === 'resuming';
  const waiting = run.openPrompts.length > 0;
  const connecting = run.transcript.length === 0 && (history.loading || run.restoring);
  useAutoScroll(run.transcript.length, run.transcript.at(-1)?.type === 'prompt');
  // A failed answer is said by its question, with its own way to send it again: not twice.
  const failedPrompt = run.transcript.find(
    (entry): entry is PromptEntry => entry.type === 'prompt' && entry.state === 'failed',
  );
  // Refused answers are shown by the prompt itself; a cancel is the user's own doing.
  const shownError =
    busy || failedPrompt || !run.error || HANDLED_INLINE.has(run.error.code) ? undefined : run.error;
  // Whether a question waits is unknown: said in the banner unless one is seen waiting already.
  const restoreProblem = shownError || waiting ? undefined : run.restoreError;
  const problem = shownError ?? failedPrompt?.error ?? restoreProblem;
  const trouble = problem ? troubleOf(problem, online) : !online ? 'offline' : undefined;
  // User messages that failed to reach the agent and were sent again: shown once, not twice.
  const [resent, setResent] = useState<ReadonlySet<string>>(new Set());

  const retry = () => {
    // The store's latest transcript: this render's may be a frame behind on text.
    const transcript = run.store.getSnapshot().transcript;
    const lastUser = transcript.findLast((e) => e.type === 'user');
    if (lastUser?.type !== 'user') return;
    if (transcript.at(-1) === lastUser) setResent((ids) => new Set(ids).add(lastUser.id));
    send(lastUser.text);
  };
  // Failures land in the snapshot (and the banner); a refusal (a request still running) changes nothing.
  const send = (text: string) => void run.send(text).catch(() => {});
  const canSend = history.canSend.allowed && online;
  const sendHint = !online
    ? OFFLINE_HINT
    : history.canSend.allowed
      ? undefined
      : SEND_HINTS[history.canSend.reason];
  // Without memory on the server, a reload brings back only the waiting question: say so.
  const restoredOnly =
    history.memory === false && run.transcript.length > 0 && run.transcript[0]?.type === 'prompt';
  const newConversation = () => onNewConversation(run.transcript.length === 0 ? 'replace' : 'push');

  return (
    <div className="app">
      <header className="topbar">
        <div className="topbar__inner">
          <div className="brand">
            <Mark as="logo" size={22} />
            <div>
              <h1 className="brand__name">Trip planner</h1>
              <p className="brand__tag">An agent that asks before it plans</p>
            </div>
          </div>
          <div className="topbar__actions">
            <StatusBadge status={run.status} waiting={waiting} connecting={connecting} trouble={trouble} />
            <NewConversationButton onClick={newConversation} />
          </div>
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
          {invalidLink && <p className="notice">{INVALID_LINK_NOTICE}</p>}
          {connecting ? (
            <p className="connecting">Opening your conversation…</p>
          ) : run.transcript.length === 0 ? (
            <Welcome onPick={send} disabled={!canSend} />
          ) : (
            <ol className="transcript">
              {restoredOnly && <li className="notice">{RESTORED_ONLY_NOTICE}</li>}
              {run.transcript.map((entry) =>
                resent.has(entry.id) ? null : (
                  <Entry
                    key={entry.id}
                    id={entry.id}
                    run={run}
                    online={online}
                    live={busy && entry.type === 'assistant' && entry.runId === run.runId}
                  />
                ),
              )}
              {busy && !hasLiveText(run.transcript, run.runId) && <Thinking />}
            </ol>
          )}
        </section>

        <div className="chat__dock">
          {shownError ? (
            <ErrorBanner error={shownError} online={online} onRetry={retry} />
          ) : restoreProblem ? (
            <ErrorBanner
              error={restoreProblem}
              online={online}
              title="Could not check for open questions"
              detail="A question may be waiting for you on the server. Check that it is running, then retry."
              onRetry={history.reload}
            />
          ) : null}
          <Composer
            disabled={!canSend}
            pending={online && !history.canSend.allowed && history.canSend.reason === 'checking'}
            hint={sendHint}
            onSend={send}
          />
        </div>
      </main>
    </div>
  );
}

// Said by the prompt itself (a refused or cancelled answer, a question closed elsewhere), or the
// user's own doing.
const HANDLED_INLINE: ReadonlySet<string> = new Set([
  'invalid-answer',
  'aborted',
  'busy',
  'expired',
  'answered-elsewhere',
]);

const PROMPT_LABELS = {
  submit: 'Send answer',
  submitting: 'Sending…',
  retry: 'Send answer again',
  failed: () => 'Your answer was not sent: the planner could not be reached. It is kept here; send it again.',
} as const;
// The same, when the browser says the user's own connection is down.
const OFFLINE_PROMPT_LABELS = {
  ...PROMPT_LABELS,
  failed: () => 'You are offline. Your answer is kept here; send it again once your connection is back.',
} as const;

interface EntryProps {
  id: string;
  /** Only its store and its (stable) actions are read: a new run object renders nothing again. */
  run: AgentRun;
  live: boolean;
  online: boolean;
}

const sameEntryProps = (before: EntryProps, after: EntryProps) =>
  before.id === after.id &&
  before.live === after.live &&
  before.online === after.online &&
  before.run.store === after.run.store;

/** One message or question; renders when its own entry changes, never for another's. */
const Entry = memo(function Entry({ id, run, live, online }: EntryProps) {
  const entry = useTranscriptEntry(run.store, id);
  const { submit, retry } = run;
  // What the prompt reads of the run: its own entry says where it is.
  const promptRun = useMemo<AskUserPromptRun | undefined>(
    () => (entry?.type === 'prompt' ? { submit, retry, transcript: [entry], openPrompts: [] } : undefined),
    [entry, submit, retry],
  );
  // Only the message being written follows its text down; a row that merely mounts scrolls nothing.
  const writing = live && entry?.type === 'assistant';
  useAutoScroll(writing ? entry.text.length : 0, !writing);
  if (!entry) return null;
  switch (entry.type) {
    case 'user':
      return (
        <li className="message message--user">
          <span className="visually-hidden">You said:</span>
          <p className="bubble">{entry.text}</p>
        </li>
      );
    case 'assistant':
      if (!entry.text) return null;
      return (
        <li className="message message--assistant">
          <Mark as="avatar" size={18} />
          <div className="bubble" aria-busy={live || undefined}>
            <span className="visually-hidden">Planner:</span>
            {entry.text}
            {live && <span className="caret" aria-hidden="true" />}
          </div>
        </li>
      );
    case 'prompt':
      return (
        <PromptRow open={entry.state === 'ready'}>
          <Mark as="avatar" size={18} />
          <div className="prompt-cell">
            <AskUserPrompt
              run={promptRun}
              prompt={entry.prompt}
              labels={online ? PROMPT_LABELS : OFFLINE_PROMPT_LABELS}
              autoFocus
            />
            {entry.state === 'failed' && entry.error && <ErrorDetails error={entry.error} />}
          </div>
        </PromptRow>
      );
  }
}, sameEntryProps);

function hasLiveText(transcript: TranscriptEntry[], runId: string | undefined): boolean {
  const last = transcript.at(-1);
  return last?.type === 'assistant' && last.runId === runId && last.text.length > 0;
}

/**
 * Keeps the newest message in view while the user is reading at the bottom, when `signature`
 * changes: the chat's entry count, or the length of the message being written. Not while `paused`:
 * a new question places itself (see `PromptRow`), as scrolling to the bottom would hide its heading
 * when zoomed in.
 */
function useAutoScroll(signature: number, paused: boolean) {
  useEffect(() => {
    if (paused) return;
    const page = document.documentElement;
    const distance = page.scrollHeight - (window.scrollY + window.innerHeight);
    if (distance > 320) return;
    // To the very bottom, so the docked composer sits below the newest message, not over it.
    window.scrollTo({ top: page.scrollHeight });
  }, [signature, paused]);
}

/**
 * A question's row. An open question, when it appears, brings its heading to the top of the view,
 * then, if the control it focused is still out of view (a small window, a large zoom), that control:
 * the heading first, so what is asked is read before what is answered (WCAG 1.4.10 reflow).
 */
function PromptRow({ open, children }: { open: boolean; children: ReactNode }) {
  const row = useRef<HTMLLIElement>(null);
  const [arrivedOpen] = useState(open);
  useLayoutEffect(() => {
    const element = row.current;
    if (!arrivedOpen || !element) return;
    element.scrollIntoView({ block: 'start' });
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || !element.contains(focused)) return;
    const box = focused.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) focused.scrollIntoView({ block: 'nearest' });
  }, [arrivedOpen]);
  return (
    <li ref={row} className="message message--prompt">
      {children}
    </li>
  );
}

function Thinking() {
  return (
    <li className="message message--assistant">
      <Mark as="avatar" size={18} />
      <div className="bubble bubble--thinking">
        <span className="visually-hidden">The planner is thinking</span>
        <span className="dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
      </div>
    </li>
  );
}

/** The planner's mark: `logo` in the header, `avatar` beside its messages. */
function Mark({ as, size }: { as: 'logo' | 'avatar'; size: number }) {
  return (
    <span className={as} aria-hidden="true">
      <svg viewBox="0 0 24 24" width={size} height={size}>
        <path d="M3 14.5c3.5-6.5 10.5-10 17-9.5-2 3.5-6.5 6-11 7l-2.5 5.5z" fill="currentColor" />
      </svg>
    </span>
  );
}
