import type { ItemEntry, PromptEntry } from '@ask-user-kit/core';
import { AskUserPrompt } from '@ask-user-kit/react';
import { ToolApproval } from '@ask-user-kit/react/approval';
import { ResumeForm } from '@ask-user-kit/react/form';
import { useWorkflowRun, type WorkflowRun } from '@ask-user-kit/react/workflow';
import { useState } from 'react';
import { PageShell, sendPermission } from './PageShell.tsx';
import { MessageRow, PromptRow, useAutoScroll } from './rows.tsx';

const WORDS = { recipient: 'the expense workflow', speaker: 'Expenses', waitsOn: 'step' };

const WELCOME = {
  title: 'Claim an expense',
  text:
    'Describe what you paid for and how much. A manager approves the claim, then a form asks which ' +
    'cost centre pays for it: each step of the workflow waits here until it is answered.',
  suggestions: ['Team dinner, 120 EUR', 'Taxi to the airport, 45 EUR'],
  note: 'You answer every step yourself here, the manager’s too.',
};

const NO_AMOUNT_NOTICE = 'Say how much it cost, for example "Train to Porto, 38 EUR".';
const FINISHED_NOTICE = 'This claim is on its way: "New conversation" starts another one.';
const AMOUNT = /\d+(?:[.,]\d{1,2})?/;
const EMPLOYEE = 'you';

/** The workflow's input from what the user wrote: the first number is the amount, the rest the description. */
function claimOf(text: string) {
  const found = AMOUNT.exec(text);
  if (!found) return undefined;
  const amount = Number(found[0].replace(',', '.'));
  if (!(amount > 0)) return undefined;
  const description = text
    .replace(found[0], '')
    .replace(/\b(EUR|euros?)\b|€/gi, '')
    .replace(/[\s,.;:-]+$/, '')
    .trim();
  return { employee: EMPLOYEE, amount, description: description || text.trim() };
}

/** What the workflow's last step returned: its summary. */
function summaryOf(run: WorkflowRun): string | undefined {
  const result = run.outcome?.status === 'success' ? run.outcome.result : undefined;
  const summary = (Object(result) as { summary?: unknown }).summary;
  return typeof summary === 'string' ? summary : undefined;
}

export interface ExpenseProps {
  /** The workflow run's id, kept in the URL (`?thread=`): a reload brings its waiting step back. */
  runId: string;
  /** The page made the id just now: nothing of it is on the server yet. */
  newRun: boolean;
  onNewConversation: (mode: 'push' | 'replace') => void;
}

/** The expense workflow: a manager's approval, then a cost-centre form, then the summary. */
export function Expense({ runId, newRun, onNewConversation }: ExpenseProps) {
  // The page's own origin: Vite proxies /api to the Mastra server.
  const run = useWorkflowRun({ baseUrl: '', workflowId: 'expense', runId, resourceId: runId, newRun });
  const [claimText, setClaimText] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const busy = run.status === 'streaming' || run.status === 'resuming';
  const waiting = run.status === 'awaiting-input';
  const started = claimText !== undefined || run.items.length > 0 || run.outcome !== undefined;
  const summary = summaryOf(run);
  const entries: (ItemEntry | PromptEntry)[] = [
    ...run.items,
    ...run.transcript.filter((entry): entry is PromptEntry => entry.type === 'prompt'),
  ];
  useAutoScroll(entries.length + (summary ? 1 : 0), waiting);

  const start = (text: string) => {
    if (started) return setNotice(FINISHED_NOTICE);
    const claim = claimOf(text);
    if (!claim) return setNotice(NO_AMOUNT_NOTICE);
    setNotice(undefined);
    setClaimText(text);
    // A failure shows in the run's error, said in the banner.
    void run.start(claim).catch(() => {});
  };
  const failure = run.outcome?.error ?? (busy ? undefined : run.error);
  const problem = failure && failure.code !== 'aborted' ? { error: failure } : undefined;

  return (
    <PageShell
      title="Expense claim"
      tagline="A workflow whose steps wait for people"
      words={WORDS}
      status={run.status}
      waiting={waiting}
      connecting={run.restoring && !started}
      problem={problem}
      canSend={sendPermission({ busy, waiting, checking: run.restoring && !started })}
      onSend={start}
      onNewConversation={onNewConversation}
      empty={!started}
      welcome={WELCOME}
      notice={notice}
      thinking={busy}
    >
      {claimText && <MessageRow role="user" text={claimText} speaker={WORDS.speaker} />}
      {entries.map((entry) => (
        <StepRow key={entry.id} run={run} entry={entry} />
      ))}
      {summary && <MessageRow role="assistant" text={summary} speaker={WORDS.speaker} />}
    </PageShell>
  );
}

/** A waiting step with the component for its kind: an approval, a form, or an ask_user question. */
function StepRow({ run, entry }: { run: WorkflowRun; entry: ItemEntry | PromptEntry }) {
  const open = entry.state === 'ready';
  if (entry.type === 'prompt')
    return (
      <PromptRow open={open}>
        <AskUserPrompt run={run} prompt={entry.prompt} autoFocus />
      </PromptRow>
    );
  const { item } = entry;
  const isForm = item.kind === 'form' || (item.kind === 'malformed' && item.of === 'form');
  return (
    <PromptRow open={open} takeFocus>
      {isForm ? <ResumeForm run={run} item={item} /> : <ToolApproval run={run} item={item} />}
    </PromptRow>
  );
}
