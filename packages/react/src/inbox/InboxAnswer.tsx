'use client';
import type { SuspendedRun } from '@ask-user-kit/core/internal';
import { promptKey } from '@ask-user-kit/core/internal';
import { approvals, forms } from '@ask-user-kit/core/items';
import type { InboxItem } from '@ask-user-kit/core/inbox';
import { forwardRef, useEffect, useState, type ComponentPropsWithoutRef } from 'react';
import { AskUserPrompt } from '../AskUserPrompt.tsx';
import { ResumeForm } from '../items/ResumeForm.tsx';
import { EditableToolApproval } from '../items/EditableToolApproval.tsx';
import { useAgentRun, type UseAgentRunOptions } from '../useAgentRun.ts';
import { useInboxContext, useInboxItem } from './inboxParts.tsx';

/** The suspended run an inbox item stands for, as a run store's `restore` takes it. */
function runOf(item: InboxItem): SuspendedRun {
  return {
    runId: item.runId,
    suspendedAt: item.createdAt,
    threadId: item.thread,
    resourceId: item.resource,
    toolCalls: [item.call],
  };
}

export interface InboxAnswerProps extends ComponentPropsWithoutRef<'div'> {
  /**
   * The item kinds to answer (`forms.withResumeSchemas(…)` for forms, `editableApprovals(…)` for
   * approvals whose arguments may be edited). Default: approvals and forms.
   */
  items?: UseAgentRunOptions['items'];
}

/**
 * The item's answer, while its trigger is expanded: `<AskUserPrompt>`, `<EditableToolApproval>` or
 * `<ResumeForm>` on a run of the item's own, answered through the server's guard exactly once
 * (another tab's answer first: answered elsewhere).
 */
export const Answer = forwardRef<HTMLDivElement, InboxAnswerProps>(function InboxAnswer(
  { items, ...props },
  ref,
) {
  const { open } = useInboxContext('<Inbox.Answer>');
  const { key, ids } = useInboxItem('<Inbox.Answer>');
  if (!open.has(key)) return null;
  return (
    <div
      ref={ref}
      id={ids.answer}
      role="group"
      aria-labelledby={ids.trigger}
      data-scope="inbox"
      data-part="answer"
      {...props}
    >
      <ItemRun items={items} />
    </div>
  );
});

function ItemRun({ items = [approvals, forms] }: { items?: UseAgentRunOptions['items'] }) {
  const { inbox } = useInboxContext('<Inbox.Answer>');
  const { item } = useInboxItem('<Inbox.Answer>');
  const { baseUrl, apiPrefix, headers, fetch } = inbox.options;
  const run = useAgentRun({
    baseUrl,
    apiPrefix,
    headers,
    fetch,
    agentId: item.agent,
    threadId: item.thread,
    resourceId: item.resource,
    restore: false,
    items,
  });
  const { store } = run;
  // Restored once: the inbox reads its items again every few seconds, and the answer goes on here.
  const [waiting] = useState(() => runOf(item));
  useEffect(() => store.restore([waiting]), [store, waiting]);
  const key = promptKey(item.runId, item.toolCallId);
  if (item.kind === 'prompt') {
    const entry = run.transcript.find((shown) => shown.type === 'prompt' && shown.prompt.key === key);
    return entry?.type === 'prompt' ? <AskUserPrompt run={run} prompt={entry.prompt} /> : null;
  }
  const entry = run.items.find((shown) => shown.item.key === key);
  if (!entry) return null;
  if (entry.item.kind === 'approval') return <EditableToolApproval run={run} item={entry.item} />;
  return <ResumeForm run={run} item={entry.item} />;
}
