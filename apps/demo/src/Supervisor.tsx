import type { ItemEntry, TranscriptEntry } from '@ask-user-kit/core';
import { approvals } from '@ask-user-kit/core/items';
import { AskUserPrompt, useAgentRun, type AgentRun } from '@ask-user-kit/react';
import { ToolApproval } from '@ask-user-kit/react/approval';
import { useState } from 'react';
import { PageShell, sendPermission } from './PageShell.tsx';
import { MessageRow, PromptRow, useAutoScroll } from './rows.tsx';

// ?agent=supervisor: an agent that hands work to two sub-agents. The designer asks the user a
// question (Mastra's ask_user), ops needs the user's approval to deploy; both reach the page
// through the supervisor's run, each saying which agent asks, and are answered through the
// supervisor's routes. A reload brings a waiting one back from the suspended-runs list.

const items = [approvals];
const WORDS = { recipient: 'the supervisor', speaker: 'Supervisor', waitsOn: 'request' };
const WELCOME = {
  title: 'Ship the site',
  text:
    'The supervisor hands the work to its sub-agents: the designer asks you which colour the site ' +
    'should be, then ops asks for your approval before it deploys. Each says which agent asks.',
  suggestions: ['Ship the site'],
};
const OPEN: ReadonlySet<string> = new Set(['ready', 'submitting', 'failed']);
// Said by the question or the approval itself, or the user's own doing.
const HANDLED_INLINE: ReadonlySet<string> = new Set([
  'invalid-answer',
  'aborted',
  'busy',
  'expired',
  'answered-elsewhere',
]);

type Row = { type: 'entry'; entry: TranscriptEntry } | { type: 'item'; entry: ItemEntry };

/** The supervisor's page: its sub-agents' question and approval, in the order they were asked. */
export function Supervisor({
  conversationId,
  onNewConversation,
}: {
  conversationId: string;
  onNewConversation: (mode: 'push' | 'replace') => void;
}) {
  // The conversation's id names its resource: a reload lists its suspended runs and shows them again.
  const run = useAgentRun({ agentId: 'supervisor', baseUrl: '', resourceId: conversationId, items });
  const busy = run.status === 'streaming' || run.status === 'resuming' || run.status === 'reconnecting';
  const waiting =
    run.items.some(({ item, state }) => item.kind !== 'malformed' && OPEN.has(state)) ||
    run.transcript.some((entry) => entry.type === 'prompt' && OPEN.has(entry.state));

  // Where each item first showed in the transcript. Set while rendering (React's pattern for
  // state that follows other state).
  const [seenAt, setSeenAt] = useState<ReadonlyMap<string, number>>(() => new Map());
  const unseen = run.items.filter(({ item }) => !seenAt.has(item.key));
  if (unseen.length > 0)
    setSeenAt(new Map([...seenAt, ...unseen.map(({ item }) => [item.key, run.transcript.length] as const)]));
  const shown = rows(
    run.transcript,
    run.items,
    (entry) => seenAt.get(entry.item.key) ?? run.transcript.length,
  );
  useAutoScroll(shown.length, waiting);
  const shownError = busy || !run.error || HANDLED_INLINE.has(run.error.code) ? undefined : run.error;

  return (
    <PageShell
      title="Supervisor"
      tagline="Sub-agents that ask through the agent above them"
      words={WORDS}
      status={run.status}
      waiting={waiting}
      connecting={run.restoring && run.transcript.length === 0}
      problem={shownError ? { error: shownError } : undefined}
      canSend={sendPermission({ busy, waiting, checking: run.restoring })}
      onSend={(text) => void run.send(text).catch(() => {})}
      onNewConversation={onNewConversation}
      empty={shown.length === 0}
      welcome={WELCOME}
      thinking={busy && shown.at(-1)?.type !== 'item' && !hasText(shown.at(-1))}
    >
      {shown.map((row) =>
        row.type === 'item' ? (
          <PromptRow key={row.entry.item.key} open={row.entry.state === 'ready'} takeFocus>
            <ToolApproval run={run} item={row.entry.item} />
          </PromptRow>
        ) : (
          <EntryRow key={row.entry.id} run={run} entry={row.entry} />
        ),
      )}
    </PageShell>
  );
}

/** The transcript with each item where it first showed. */
function rows(
  transcript: readonly TranscriptEntry[],
  entries: readonly ItemEntry[],
  placeOf: (entry: ItemEntry) => number,
): Row[] {
  const itemsAt = (index: number): Row[] =>
    entries.filter((entry) => placeOf(entry) === index).map((entry) => ({ type: 'item', entry }));
  const result: Row[] = [];
  transcript.forEach((entry, index) => result.push(...itemsAt(index), { type: 'entry', entry }));
  const later = entries.filter((entry) => placeOf(entry) >= transcript.length);
  return [...result, ...later.map((entry): Row => ({ type: 'item', entry }))];
}

const hasText = (row: Row | undefined) =>
  row?.type === 'entry' && row.entry.type === 'assistant' && row.entry.text.length > 0;

function EntryRow({ run, entry }: { run: AgentRun; entry: TranscriptEntry }) {
  if (entry.type !== 'prompt')
    return <MessageRow role={entry.type} text={entry.text} speaker={WORDS.speaker} />;
  return (
    <PromptRow open={entry.state === 'ready'} takeFocus>
      <AskUserPrompt run={run} prompt={entry.prompt} autoFocus />
    </PromptRow>
  );
}
