'use client';
import type { ApprovalItem, SuspensionItem } from '@ask-user-kit/core';
import { itemAnswers } from '@ask-user-kit/core/items';
import { forwardRef, useId, type ComponentPropsWithoutRef, type FormEvent } from 'react';
import { visuallyHidden } from '../internal/primitive.ts';
import { defaultApprovalLabels, type ApprovalLabels } from './labels.ts';
import { isAnswerable, settle, useItemDraft, useItemEntry, type ItemRun } from './itemState.ts';

export interface ToolApprovalProps extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'children'> {
  /** The approval (from `run.openItems`, or an entry of `run.items`). */
  item: SuspensionItem;
  /** `useAgentRun({ items: [approvals] })`'s result: the item's state comes from it, answers go through it. */
  run: ItemRun;
  /** Replaces any of the strings shown or announced. */
  labels?: Partial<ApprovalLabels>;
  /** Keep the decline reason in sessionStorage until answered, so it survives a reload. Default true. */
  persistDraft?: boolean;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** An argument as a person reads it: text as is, anything else as indented JSON. */
function readable(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function Arguments({ item, labels }: { item: ApprovalItem; labels: ApprovalLabels }) {
  const entries = Object.entries(item.args ?? {});
  if (entries.length === 0)
    return (
      <p data-scope="ask-user" data-part="description">
        {labels.noArguments}
      </p>
    );
  return (
    <dl data-scope="ask-user" data-part="arguments" aria-label={labels.arguments}>
      {entries.map(([name, value]) => (
        <div key={name} data-part="argument">
          <dt>{name}</dt>
          <dd>
            {typeof value === 'object' && value !== null ? <pre>{readable(value)}</pre> : readable(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A tool call waiting for the user's approval (`requireApproval`): what the tool wants to do, its
 * arguments shown readably, Approve, and Decline with an optional reason told to the model. The
 * states of `<AskUserPrompt>`: ready, submitting, failed (with Retry), answered, answered
 * elsewhere, expired, and malformed (with its reason).
 * @example
 * const run = useAgentRun({ agentId: 'concierge', items: [approvals, forms] });
 * run.openItems.map((item) => item.kind === 'approval' && <ToolApproval key={item.key} run={run} item={item} />)
 */
export const ToolApproval = forwardRef<HTMLFormElement, ToolApprovalProps>(function ToolApproval(
  { item, run, labels: givenLabels, persistDraft = true, ...formProps },
  ref,
) {
  const labels = { ...defaultApprovalLabels, ...givenLabels };
  const entry = useItemEntry(run, item);
  const { state } = entry;
  const answerable = isAnswerable(state);
  const [reason, setReason] = useItemDraft(item.key, () => '', persistDraft && answerable, isText);
  const titleId = useId();
  const reasonId = useId();
  const answers = itemAnswers(run.store);

  const approve = (event: FormEvent) => {
    event.preventDefault();
    if (answerable) settle(answers.approve(item.key));
  };
  const decline = () => settle(answers.decline(item.key, reason.trim() || undefined));

  const sent = entry.answer;
  const outcome =
    state === 'answered' && sent
      ? sent.type === 'decline'
        ? labels.declined(sent.reason)
        : labels.approved
      : state === 'answered-elsewhere'
        ? labels.answeredElsewhere
        : state === 'expired'
          ? labels.expired
          : undefined;
  const announcement = state === 'submitting' ? labels.submitting : (outcome ?? '');

  return (
    <form
      data-scope="ask-user"
      data-part="root"
      data-kind="approval"
      data-state={state}
      aria-labelledby={titleId}
      aria-busy={state === 'submitting' || undefined}
      onSubmit={approve}
      {...formProps}
      ref={ref}
    >
      <p id={titleId} data-scope="ask-user" data-part="question">
        {labels.title(item.toolName)}
      </p>
      {item.kind === 'malformed' ? (
        <p data-scope="ask-user" data-part="error">
          {labels.malformed(item.reason)}
        </p>
      ) : item.kind === 'approval' ? (
        <Arguments item={item} labels={labels} />
      ) : null}
      {outcome && (
        <p data-scope="ask-user" data-part="answer">
          {outcome}
        </p>
      )}
      {item.kind === 'approval' && (answerable || state === 'submitting') && (
        <>
          <label htmlFor={reasonId} data-scope="ask-user" data-part="label">
            {labels.reason}
          </label>
          <input
            id={reasonId}
            data-scope="ask-user"
            data-part="text-field"
            value={reason}
            disabled={!answerable}
            onChange={(event) => setReason(event.target.value)}
          />
          {state === 'failed' && entry.error && (
            <p data-scope="ask-user" data-part="error" role="alert">
              {entry.error.message}
            </p>
          )}
          <div data-scope="ask-user" data-part="actions">
            {state === 'failed' ? (
              <button
                type="button"
                data-scope="ask-user"
                data-part="submit"
                onClick={() => settle(answers.retry(item.key))}
              >
                {labels.retry}
              </button>
            ) : (
              <>
                <button type="submit" data-scope="ask-user" data-part="submit" disabled={!answerable}>
                  {labels.approve}
                </button>
                <button
                  type="button"
                  data-scope="ask-user"
                  data-part="decline"
                  disabled={!answerable}
                  onClick={decline}
                >
                  {labels.decline}
                </button>
              </>
            )}
          </div>
        </>
      )}
      <div role="status" data-scope="ask-user" data-part="status" style={visuallyHidden}>
        {announcement}
      </div>
    </form>
  );
});
ToolApproval.displayName = 'ToolApproval';
