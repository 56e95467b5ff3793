import {
  AskUserPrompt,
  useAgentRun,
  useTranscriptEntry,
  type AgentRun,
  type AskUserPromptRun,
  type TranscriptEntry,
} from '@ask-user-kit/react';
import type { PromptEntry } from '@ask-user-kit/core';
import { useThreadHistory } from '@ask-user-kit/react/history';
import { memo, useMemo, useState } from 'react';
import { ErrorDetails } from './ErrorBanner.tsx';
import { PageShell } from './PageShell.tsx';
import { PLANNER_WELCOME, PLANNER_WORDS } from './planner.ts';
import { MessageRow, PromptRow, useAutoScroll } from './rows.tsx';
import { useOnline } from './useOnline.ts';

export interface ChatProps {
  conversationId: string;
  /** The link named a conversation that cannot exist; this is a new one instead. */
  invalidLink: boolean;
  /** The page made this conversation just now: nothing of it is on the server to read. */
  newThread: boolean;
  /** `replace` when this conversation is empty, so Back does not walk through empty ones. */
  onNewConversation: (mode: 'push' | 'replace') => void;
}

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
  const busy = run.status === 'streaming' || run.status === 'resuming' || run.status === 'reconnecting';
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
  // Without memory on the server, a reload brings back only the waiting question: say so.
  const restoredOnly =
    history.memory === false && run.transcript.length > 0 && run.transcript[0]?.type === 'prompt';
  const problem = shownError
    ? { error: shownError, onRetry: retry }
    : restoreProblem
      ? {
          error: restoreProblem,
          title: 'Could not check for open questions',
          detail: 'A question may be waiting for you on the server. Check that it is running, then retry.',
          onRetry: history.reload,
        }
      : undefined;

  return (
    <PageShell
      title="Trip planner"
      tagline="An agent that asks before it plans"
      words={PLANNER_WORDS}
      status={run.status}
      waiting={waiting}
      connecting={connecting}
      problem={problem}
      quietProblem={failedPrompt?.error}
      canSend={history.canSend}
      onSend={send}
      onNewConversation={onNewConversation}
      empty={run.transcript.length === 0}
      welcome={PLANNER_WELCOME}
      notice={invalidLink ? INVALID_LINK_NOTICE : undefined}
      thinking={busy && !hasLiveText(run.transcript, run.runId)}
    >
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
    </PageShell>
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
    case 'assistant':
      return <MessageRow role={entry.type} text={entry.text} speaker="Planner" live={live} />;
    case 'prompt':
      return (
        <PromptRow open={entry.state === 'ready'}>
          <AskUserPrompt
            run={promptRun}
            prompt={entry.prompt}
            labels={online ? PROMPT_LABELS : OFFLINE_PROMPT_LABELS}
            autoFocus
          />
          {entry.state === 'failed' && entry.error && <ErrorDetails error={entry.error} />}
        </PromptRow>
      );
  }
}, sameEntryProps);

function hasLiveText(transcript: TranscriptEntry[], runId: string | undefined): boolean {
  const last = transcript.at(-1);
  return last?.type === 'assistant' && last.runId === runId && last.text.length > 0;
}
