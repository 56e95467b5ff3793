import { withAsker } from '../internal/announcement.ts';
import type { ItemEntry, SuspensionItem } from '@ask-user-kit/core';
import {
  forwardRef,
  useId,
  type ComponentPropsWithoutRef,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { composeEventHandlers } from '../internal/primitive.ts';
import {
  itemAttributes,
  namedContext,
  usePartContext,
  itemStatusParts,
  buttonLabel,
  useItemPartsValue,
  type ItemButtonProps,
  type ItemPartsContextValue,
  type ItemStatusProps,
  type ItemTextProps,
} from './itemParts.tsx';
import { takesAnswer } from '../internal/lifecycle.ts';
import { ItemForm, useItemRoot } from './ItemRoot.tsx';
import type { ItemRun } from './itemState.ts';
import { defaultApprovalLabels, type ApprovalLabels } from './labels.ts';
import { humanName } from '../internal/humanName.ts';

export interface ToolApprovalRootProps extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit'> {
  /** The approval (from `run.openItems`, or an entry of `run.items`). */
  item: SuspensionItem;
  /** `useAgentRun({ items: [approvals] })`'s result: the item's state comes from it, answers go through it. */
  run: ItemRun;
  /** Replaces any of the strings shown or announced. */
  labels?: Partial<ApprovalLabels>;
  /** Keep the decline reason in sessionStorage until answered, so it survives a reload. Default true. */
  persistDraft?: boolean;
  children?: ReactNode;
}

/** What `ToolApproval.Root` gives its parts (and `useToolApproval()` the app). */
export interface ToolApprovalContextValue extends ItemPartsContextValue {
  item: SuspensionItem;
  state: ItemEntry['state'];
  /** Why the last answer failed, in the failed state. */
  error: ItemEntry['error'];
  labels: ApprovalLabels;
  /** The decline reason typed so far. */
  reason: string;
  setReason: (reason: string) => void;
  approve: () => void;
  /** Declines, with the reason typed (if any). */
  decline: () => void;
  /** Sends the failed answer again. */
  retry: () => void;
  /** What `.Answer` shows once answered: approved, or declined (with the reason). */
  outcome: string | undefined;
  ids: { title: string; reason: string; error: string };
}

export const ApprovalContext = namedContext<ToolApprovalContextValue>('ToolApprovalContext');

/** `.Approve` (the form's submit button; disabled while sending; not shown after a failure: `.Retry` is), `.Retry`, `.Error`, `.Answer`, `.Status`. */
const approvalStatusParts = itemStatusParts(
  ApprovalContext,
  'approval',
  'ToolApproval',
  { part: 'Approve', label: (labels) => labels.approve },
  // What the tool wants to do ("Book trip?").
  ({ item, labels }) => withAsker(labels.title(item.toolName), item.agent, labels),
);

export const useApprovalContext = (user: string) =>
  usePartContext(ApprovalContext, user, '<ToolApproval> or <ToolApproval.Root>');

const isText = (value: unknown): value is string => typeof value === 'string';

function outcomeOf(entry: ItemEntry, labels: ApprovalLabels): string | undefined {
  const sent = entry.answer;
  if (entry.state !== 'answered' || !sent) return undefined;
  return sent.type === 'decline' ? labels.declined(sent.reason) : labels.approved;
}

/**
 * The approval's `<form>` (submitting it approves): holds the reason, answers through the run, and
 * gives its parts their state. Render the parts inside it for a layout of your own, or use
 * `<ToolApproval>`. Key it by `item.key`.
 */
export const Root = forwardRef<HTMLFormElement, ToolApprovalRootProps>(function Root(
  { item, run, labels: givenLabels, persistDraft = true, children, ...formProps },
  forwardedRef,
) {
  const labels = { ...defaultApprovalLabels, ...givenLabels };
  const root = useItemRoot({
    kind: 'approval',
    item,
    run,
    forwardedRef,
    busy: labels.busy,
    initialDraft: () => '',
    isDraft: isText,
    persistDraft,
  });
  const { entry, state, answerable, notice, send, draft: reason } = root;
  const ids = { title: useId(), reason: useId(), error: useId() };

  const outcome = outcomeOf(entry, labels);
  const shared = useItemPartsValue(
    root,
    labels,
    withAsker(labels.title(item.toolName), item.agent, labels),
    outcome,
    notice,
  );
  const context: ToolApprovalContextValue = {
    ...shared,
    item,
    expiresAt: item.expiresAt,
    error: entry.error,
    labels,
    reason,
    setReason: root.setDraft,
    approve: () => {
      if (answerable) send(() => run.store.submit(item.key, { type: 'approve' }));
    },
    decline: () => {
      if (answerable) send(() => run.store.submit(item.key, { type: 'decline', reason: reason.trim() }));
    },
    retry: () => send(() => run.store.retry(item.key)),
    ids,
  };
  return (
    <ItemForm
      root={root}
      context={ApprovalContext}
      value={context}
      onSubmit={state === 'failed' ? context.retry : context.approve}
      {...formProps}
    >
      {children}
    </ItemForm>
  );
});
Root.displayName = 'ToolApproval.Root';

export type ToolApprovalTitleProps = ComponentPropsWithoutRef<'p'>;

const isPlain = (value: unknown): value is string | number | boolean | null =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** An argument as a person reads it: text and numbers as they are, a list of them joined with ", ", anything else as names and values of its own. */
function ArgumentValue({ value }: { value: unknown }): ReactNode {
  if (isPlain(value)) return String(value);
  if (Array.isArray(value) && value.every(isPlain)) return value.join(', ');
  return (
    <dl>
      <ArgumentRows entries={Object.entries(value as object)} />
    </dl>
  );
}

/** A `<dl>`'s names and values, the names tidied ("total_price" → "Total price"). */
function ArgumentRows({ entries }: { entries: [string, unknown][] }) {
  return entries.map(([name, value]) => (
    <div key={name} data-part="argument">
      <dt>{humanName(name)}</dt>
      <dd>
        <ArgumentValue value={value} />
      </dd>
    </div>
  ));
}

/** The attributes a `<dl>` and a `<p>` share: with no arguments it is a `<p>`. */
export type ToolApprovalArgumentsProps = HTMLAttributes<HTMLElement>;

/** The call's arguments, one name and value each (an object's own names and values under it); "No arguments." when none. */
export const Arguments = forwardRef<HTMLElement, ToolApprovalArgumentsProps>(function Arguments(props, ref) {
  const { item, state, labels } = useApprovalContext('<ToolApproval.Arguments>');
  if (item.kind !== 'approval') return null;
  const entries = Object.entries(item.args ?? {});
  if (entries.length === 0)
    return (
      <p
        {...itemAttributes('description', 'approval', state)}
        {...props}
        ref={ref as Ref<HTMLParagraphElement>}
      >
        {props.children ?? labels.noArguments}
      </p>
    );
  return (
    <dl
      {...itemAttributes('arguments', 'approval', state)}
      aria-label={labels.arguments}
      {...props}
      ref={ref as Ref<HTMLDListElement>}
    >
      {props.children ?? <ArgumentRows entries={entries} />}
    </dl>
  );
});
Arguments.displayName = 'ToolApproval.Arguments';

export type ToolApprovalReasonProps = ComponentPropsWithoutRef<'input'>;

/** The optional decline reason (told to the model): a labelled text field; the props go to the `<input>`. */
export const Reason = forwardRef<HTMLInputElement, ToolApprovalReasonProps>(function Reason(props, ref) {
  const context = useApprovalContext('<ToolApproval.Reason>');
  const { state, labels, ids, showControls } = context;
  if (!showControls) return null;
  return (
    <>
      <label htmlFor={ids.reason} {...itemAttributes('label', 'approval', state)}>
        {labels.reason}
      </label>
      <input
        id={ids.reason}
        {...itemAttributes('text-field', 'approval', state)}
        value={context.reason}
        {...props}
        ref={ref}
        disabled={!takesAnswer(state) || props.disabled}
        onChange={composeEventHandlers(props.onChange, (event) => context.setReason(event.target.value))}
      />
    </>
  );
});
Reason.displayName = 'ToolApproval.Reason';

export type ToolApprovalActionsProps = ComponentPropsWithoutRef<'div'>;

/** The row of buttons (`.Approve`, `.Decline`, `.Retry`), while the approval takes an answer. */
export const Actions = forwardRef<HTMLDivElement, ToolApprovalActionsProps>(function Actions(props, ref) {
  const { state, showControls } = useApprovalContext('<ToolApproval.Actions>');
  if (!showControls) return null;
  return <div {...itemAttributes('actions', 'approval', state)} {...props} ref={ref} />;
});
Actions.displayName = 'ToolApproval.Actions';

export type ToolApprovalButtonProps = ItemButtonProps;

/** Declines, with the reason typed in `.Reason`; disabled while sending. Not shown after a failure. */
export const Decline = forwardRef<HTMLButtonElement, ToolApprovalButtonProps>(function Decline(props, ref) {
  const context = useApprovalContext('<ToolApproval.Decline>');
  const { state, labels, showControls, decline } = context;
  if (!showControls || state === 'failed') return null;
  return (
    <button
      {...itemAttributes('decline', 'approval', state)}
      type="button"
      {...props}
      ref={ref}
      disabled={!takesAnswer(state) || props.disabled}
      onClick={composeEventHandlers(props.onClick, decline)}
    >
      {props.children ?? buttonLabel(context, true, labels.decline)}
    </button>
  );
});
Decline.displayName = 'ToolApproval.Decline';

export const { Title, Send: Approve, Retry, ErrorMessage, Answer, Status, TimeLeft } = approvalStatusParts;

export type ToolApprovalTextProps = ItemTextProps;
export type ToolApprovalStatusProps = ItemStatusProps;
