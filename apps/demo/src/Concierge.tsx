import type { ItemEntry, PromptEntry, TranscriptEntry } from '@ask-user-kit/core';
import { editableApprovals, forms } from '@ask-user-kit/core/items';
import { AskUserPrompt, useAgentRun, type AgentRun, type AskUserPromptRun } from '@ask-user-kit/react';
import { EditableToolApproval } from '@ask-user-kit/react/approval';
import { ResumeForm } from '@ask-user-kit/react/form';
import { useThreadHistory } from '@ask-user-kit/react/history';
import { useMemo, useState, type ComponentProps } from 'react';
import { PageShell, sendPermission } from './PageShell.tsx';
import { usePastItems } from './pastItems.ts';
import { MessageRow, PromptRow, useAutoScroll } from './rows.tsx';

/**
 * `confirm_budget`'s resume schema (budgetSchema in packages/testing, as JSON Schema). Mastra's
 * suspended-runs list leaves it out, so a form restored after a reload takes it from here.
 */
export const budgetJsonSchema = {
  type: 'object',
  properties: {
    amount: { type: 'number', minimum: 1, description: 'The most you want to spend on activities' },
    currency: { type: 'string', enum: ['EUR', 'USD', 'JPY'] },
    flexible: { type: 'boolean', description: 'May the concierge go a little over?' },
    notes: { type: 'string' },
  },
  required: ['amount', 'currency', 'flexible'],
  additionalProperties: false,
};

/**
 * `book_trip`'s input schema (bookTripTool in packages/testing, as JSON Schema): the server made it
 * an `editableTool`, so its approval can edit the arguments.
 */
export const tripJsonSchema = {
  type: 'object',
  properties: {
    destination: { type: 'string' },
    nights: { type: 'integer', minimum: 1 },
    total: { type: 'number', minimum: 0 },
  },
  required: ['destination', 'nights', 'total'],
  additionalProperties: false,
};

const items = [
  editableApprovals({ book_trip: tripJsonSchema }),
  forms.withResumeSchemas({ confirm_budget: budgetJsonSchema }),
];

const WORDS = { recipient: 'the concierge', speaker: 'Concierge', waitsOn: 'request' };

const WELCOME = {
  title: 'Ready to book?',
  text:
    'The concierge books the trip you planned. It asks before it does anything for you: first your ' +
    'approval of the booking, then a budget for activities, in a form made from what the tool asks for. ' +
    'Its table reservation is a tool of its own that stops in the middle to ask you which evening and who comes.',
  suggestions: ['Book my trip to Lisbon', 'Reserve a table for dinner'],
};

const INVALID_LINK_NOTICE =
  'The link did not name a conversation the concierge can open, so this is a new conversation.';

// Said by the item itself (a refused or cancelled answer, a request closed elsewhere), or the
// user's own doing.
const HANDLED_INLINE: ReadonlySet<string> = new Set([
  'invalid-answer',
  'aborted',
  'busy',
  'expired',
  'answered-elsewhere',
]);

// An item not answered here (still open, or closed without the answer): when the thread's messages
// have its answer (given in another tab), they say what it was.
const NOT_ANSWERED_HERE: ReadonlySet<ItemEntry['state']> = new Set([
  'ready',
  'malformed',
  'answered-elsewhere',
  'expired',
]);

const OPEN: ReadonlySet<ItemEntry['state']> = new Set(['ready', 'submitting', 'failed']);

/** The concierge's tools that ask with `askUser` (apps/server's reserve_table): their questions are answered here. */
const ASKING_TOOLS: ReadonlySet<string> = new Set(['reserve_table']);

const isOwnQuestion = (entry: TranscriptEntry): entry is PromptEntry =>
  entry.type === 'prompt' && ASKING_TOOLS.has(entry.prompt.toolName);

export interface ConciergeProps {
  conversationId: string;
  /** The link named a conversation the concierge cannot open (the planner's); this is a new one. */
  invalidLink: boolean;
  /** The page made this conversation just now: nothing of it is on the server to read. */
  newThread: boolean;
  /** `replace` when this conversation is still empty: no browser-history entry for it. */
  onNewConversation: (mode: 'push' | 'replace') => void;
}

type Row = { type: 'entry'; entry: TranscriptEntry } | { type: 'item'; entry: ItemEntry };

/** The concierge: a booking to approve, then a budget form generated from its resume schema. */
export function Concierge({ conversationId, invalidLink, newThread, onNewConversation }: ConciergeProps) {
  const source = {
    agentId: 'concierge',
    // The page's own origin: Vite proxies /api to the Mastra server.
    baseUrl: '',
    threadId: conversationId,
    resourceId: conversationId,
    newThread,
  };
  const run = useAgentRun({ ...source, items });
  const { fetch: readingFetch, past } = usePastItems(items);
  // The conversation from the server's memory, other tabs in step, one send at a time.
  const history = useThreadHistory(run, { ...source, fetch: readingFetch });
  const busy = run.status === 'streaming' || run.status === 'resuming' || run.status === 'reconnecting';
  const shownItems = itemsToShow(run.items, past.answered);
  const waiting =
    shownItems.some((entry) => entry.item.kind !== 'malformed' && OPEN.has(entry.state)) ||
    run.transcript.some((entry) => isOwnQuestion(entry) && OPEN.has(entry.state));
  const connecting = run.transcript.length === 0 && (history.loading || run.restoring);
  // The concierge's questions are its own tools' (reserve_table's askUser): another agent's in its
  // thread (read with the history) is not for this page to answer; sending into that thread is
  // refused with the fix.
  const status = run.status === 'awaiting-input' && !waiting ? 'idle' : run.status;
  const send = (text: string) => void run.send(text).catch(() => {});

  // The turn each item was asked in, as it first showed here, for those the thread's messages do
  // not place yet. Set while rendering (React's pattern for state that follows other state).
  const userCount = run.transcript.filter((entry) => entry.type === 'user').length;
  const [seenIn, setSeenIn] = useState<ReadonlyMap<string, number>>(() => new Map());
  const unseen = run.items.filter(({ item }) => !seenIn.has(item.key));
  if (unseen.length > 0)
    setSeenIn(new Map([...seenIn, ...unseen.map(({ item }) => [item.key, userCount] as const)]));
  const turnOf = (entry: ItemEntry) =>
    past.turns.get(entry.item.toolCallId) ?? seenIn.get(entry.item.key) ?? userCount;

  const shown = rows(run.transcript, shownItems, turnOf);
  useAutoScroll(shown.length, waiting);

  const shownError = busy || !run.error || HANDLED_INLINE.has(run.error.code) ? undefined : run.error;
  // A refusal the server words for people (a conversation waiting on another agent) is said as is.
  const problem = shownError
    ? { error: shownError, detail: shownError.status === 409 ? shownError.message : undefined }
    : undefined;
  const { canSend } = history;

  return (
    <PageShell
      title="Concierge"
      tagline="An agent that asks for approval and for details"
      words={WORDS}
      status={status}
      waiting={waiting}
      connecting={connecting}
      problem={problem}
      canSend={sendPermission({
        busy: canSend.reason === 'busy',
        // Approvals and forms wait as a question does: nothing else may start meanwhile.
        waiting,
        checking: canSend.reason === 'checking',
        unknown: canSend.reason === 'unknown',
      })}
      onSend={send}
      onNewConversation={onNewConversation}
      empty={shown.length === 0}
      welcome={WELCOME}
      notice={invalidLink ? INVALID_LINK_NOTICE : undefined}
      thinking={busy && shown.at(-1)?.type !== 'item' && !hasLiveText(run)}
    >
      {shown.map((row) =>
        row.type === 'item' ? (
          <ItemRow key={row.entry.item.key} run={run} entry={row.entry} />
        ) : row.entry.type === 'prompt' ? (
          isOwnQuestion(row.entry) && <QuestionRow key={row.entry.id} run={run} entry={row.entry} />
        ) : (
          <MessageRow
            key={row.entry.id}
            role={row.entry.type}
            text={row.entry.text}
            speaker={WORDS.speaker}
            live={busy && row.entry === run.transcript.at(-1) && row.entry.type === 'assistant'}
          />
        ),
      )}
    </PageShell>
  );
}

/**
 * The run's items, and the items the thread's messages show answered that the run does not have,
 * or not as answered: answered before a reload, or in another tab (the run knows only that it was
 * closed, or still shows it open; the thread says how it was answered).
 */
function itemsToShow(live: readonly ItemEntry[], answered: readonly ItemEntry[]): ItemEntry[] {
  const answeredByCall = new Map(answered.map((entry) => [entry.item.toolCallId, entry]));
  const liveCalls = new Set(live.map((entry) => entry.item.toolCallId));
  const fromLive = live.map((entry) =>
    NOT_ANSWERED_HERE.has(entry.state) ? (answeredByCall.get(entry.item.toolCallId) ?? entry) : entry,
  );
  return [...answered.filter((entry) => !liveCalls.has(entry.item.toolCallId)), ...fromLive];
}

/**
 * The transcript with each item after the message of the user that led to it (its turn) and the
 * questions asked in it, before the reply: the order it was asked in, kept when the conversation
 * goes on.
 */
function rows(
  transcript: readonly TranscriptEntry[],
  entries: readonly ItemEntry[],
  turnOf: (entry: ItemEntry) => number,
): Row[] {
  const itemsOf = (test: (turn: number) => boolean): Row[] =>
    entries.filter((entry) => test(turnOf(entry))).map((entry) => ({ type: 'item', entry }));
  const result: Row[] = itemsOf((turn) => turn === 0);
  let turn = 0;
  // The turn whose items are still to place: after the questions its tools asked, before the reply.
  let pending: number | undefined;
  const place = () => {
    const current = pending;
    if (current !== undefined) result.push(...itemsOf((asked) => asked === current));
    pending = undefined;
  };
  for (const entry of transcript) {
    if (entry.type !== 'prompt') place();
    result.push({ type: 'entry', entry });
    if (entry.type !== 'user') continue;
    turn += 1;
    pending = turn;
  }
  place();
  const last = turn;
  return [...result, ...itemsOf((asked) => asked > last)];
}

const hasLiveText = (run: AgentRun) => {
  const last = run.transcript.at(-1);
  return last?.type === 'assistant' && last.runId === run.runId && last.text.length > 0;
};

/** A question a tool of the concierge asked with `askUser`, answered as the planner's are. */
function QuestionRow({ run, entry }: { run: AgentRun; entry: PromptEntry }) {
  const { submit, retry } = run;
  const promptRun = useMemo<AskUserPromptRun>(
    () => ({ submit, retry, transcript: [entry], openPrompts: [] }),
    [entry, submit, retry],
  );
  return (
    <PromptRow open={entry.state === 'ready'} takeFocus>
      <AskUserPrompt run={promptRun} prompt={entry.prompt} autoFocus />
    </PromptRow>
  );
}

/** An approval or a form, in the run when it is the run's, else as the thread's messages show it. */
function ItemRow({ run, entry }: { run: AgentRun; entry: ItemEntry }) {
  const { item } = entry;
  const own = run.items.includes(entry);
  const itemRun: ComponentProps<typeof EditableToolApproval>['run'] = own
    ? run
    : { items: [entry], store: run.store };
  const isForm = item.kind === 'form' || (item.kind === 'malformed' && item.of === 'form');
  const open = entry.state === 'ready';
  return (
    <PromptRow open={open} takeFocus>
      {isForm ? <ResumeForm run={itemRun} item={item} /> : <EditableToolApproval run={itemRun} item={item} />}
    </PromptRow>
  );
}
