import {
  AskUserPrompt,
  useAgentRun,
  useTranscriptEntry,
  type AgentRun,
  type AskUserPromptRun,
  type TranscriptEntry,
} from '@ask-user-kit/react';
import { memo, useEffect, useMemo, useState } from 'react';
import { Composer } from './Composer.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { Welcome } from './Welcome.tsx';

export interface ChatProps {
  conversationId: string;
  onNewConversation: () => void;
}

export function Chat({ conversationId, onNewConversation }: ChatProps) {
  const run = useAgentRun({
    agentId: 'planner',
    // The page's own origin: Vite proxies /api to the Mastra server.
    baseUrl: '',
    threadId: conversationId,
    resourceId: conversationId,
    // The chat renders on structure only; each row reads its own entry, so a text delta renders
    // the streaming message alone and a new question renders itself (and the list that adds it).
    watchText: false,
  });
  const busy = run.status === 'streaming' || run.status === 'resuming';
  const waiting = run.openPrompts.length > 0;
  useAutoScroll(run.transcript.length);
  // Refused answers are shown by the prompt itself; a cancel is the user's own doing.
  const shownError = busy || !run.error || HANDLED_INLINE.has(run.error.code) ? undefined : run.error;
  // User messages that failed to reach the agent and were sent again: shown once, not twice.
  const [resent, setResent] = useState<ReadonlySet<string>>(new Set());

  const retry = () => {
    // The store's latest transcript: this render's may be a frame behind on text.
    const transcript = run.store.getSnapshot().transcript;
    const failed = transcript.find((e) => e.type === 'prompt' && e.state === 'failed');
    if (failed) {
      // The answer that failed, unchanged; the prompt shows how it goes.
      void run.retry(failed.id).catch(() => {});
      return;
    }
    const lastUser = transcript.findLast((e) => e.type === 'user');
    if (lastUser?.type !== 'user') return;
    if (transcript.at(-1) === lastUser) setResent((ids) => new Set(ids).add(lastUser.id));
    send(lastUser.text);
  };
  // Failures land in the snapshot (and the banner); a refusal (a request still running) changes nothing.
  const send = (text: string) => void run.send(text).catch(() => {});
  const restoredOnly = run.transcript.length > 0 && run.transcript[0]?.type === 'prompt';

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
            <StatusBadge
              status={shownError || (run.restoreError && !waiting) ? 'error' : run.status}
              waiting={waiting}
              restoring={run.restoring}
            />
            <button type="button" className="button button--ghost" onClick={onNewConversation}>
              <PlusIcon />
              <span className="new-label">New conversation</span>
            </button>
          </div>
        </div>
      </header>

      <main className="chat">
        <section className="chat__log" aria-labelledby="conversation-heading">
          <h2 id="conversation-heading" className="visually-hidden">
            Conversation
          </h2>
          {run.transcript.length === 0 ? (
            <Welcome onPick={send} disabled={busy || waiting || run.restoring} />
          ) : (
            <ol className="transcript">
              {restoredOnly && (
                <li className="notice">
                  Picked up where you left off: this question is still waiting for you.
                </li>
              )}
              {run.transcript.map((entry) =>
                resent.has(entry.id) ? null : (
                  <Entry
                    key={entry.id}
                    id={entry.id}
                    run={run}
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
            <ErrorBanner error={shownError} onRetry={retry} />
          ) : run.restoreError ? (
            <ErrorBanner
              error={run.restoreError}
              title="Could not check for open questions"
              detail="A question may be waiting for you on the server. Check that it is running, then retry."
              onRetry={run.restore}
            />
          ) : null}
          <Composer
            disabled={busy || waiting || run.restoring}
            hint={
              waiting
                ? 'Answer the question above to continue.'
                : busy
                  ? 'The planner is writing…'
                  : undefined
            }
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
} as const;

interface EntryProps {
  id: string;
  /** Only its store and its (stable) actions are read: a new run object renders nothing again. */
  run: AgentRun;
  live: boolean;
}

const sameEntryProps = (before: EntryProps, after: EntryProps) =>
  before.id === after.id && before.live === after.live && before.run.store === after.run.store;

/** One message or question; renders when its own entry changes, never for another's. */
const Entry = memo(function Entry({ id, run, live }: EntryProps) {
  const entry = useTranscriptEntry(run.store, id);
  const { submit, retry } = run;
  // What the prompt reads of the run: its own entry says where it is.
  const promptRun = useMemo<AskUserPromptRun | undefined>(
    () => (entry?.type === 'prompt' ? { submit, retry, transcript: [entry], openPrompts: [] } : undefined),
    [entry, submit, retry],
  );
  useAutoScroll(live && entry?.type === 'assistant' ? entry.text.length : 0);
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
        <li className="message message--prompt">
          <Mark as="avatar" size={18} />
          <AskUserPrompt run={promptRun} prompt={entry.prompt} labels={PROMPT_LABELS} autoFocus />
        </li>
      );
  }
}, sameEntryProps);

function hasLiveText(transcript: TranscriptEntry[], runId: string | undefined): boolean {
  const last = transcript.at(-1);
  return last?.type === 'assistant' && last.runId === runId && last.text.length > 0;
}

/**
 * Keeps the newest message in view while the user is reading at the bottom, when `signature`
 * changes: the chat's entry count, or the length of the message being written.
 */
function useAutoScroll(signature: number) {
  useEffect(() => {
    const page = document.documentElement;
    const distance = page.scrollHeight - (window.scrollY + window.innerHeight);
    if (distance > 320) return;
    // To the very bottom, so the docked composer sits below the newest message, not over it.
    window.scrollTo({ top: page.scrollHeight });
  }, [signature]);
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

function PlusIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}
