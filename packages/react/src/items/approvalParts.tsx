import { withAsker } from '../internal/announcement.ts';
import type { ItemEntry, SuspensionItem } from '@ask-user-kit/core';
import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
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
import type { FormDraft } from '@ask-user-kit/core/internal';
import { noEditor, type ApprovalDraft, type ApprovalEditor } from './approvalEditor.ts';

export interface ToolApprovalRootProps extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit'> {
  /** The approval (from `run.openItems`, or an entry of `run.items`). */
  item: SuspensionItem;
  /** `useAgentRun({ items: [approvals] })`'s result: the item's state comes from it, answers go through it. */
  run: ItemRun;
  /** Replaces any of the strings shown or announced. */
  labels?: Partial<ApprovalLabels>;
  /** Keep the decline reason and the edited arguments in sessionStorage until answered, so they survive a reload. Default true. */
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
  /**
   * The arguments are being edited (in `<EditableToolApproval>`, an approval with an `editForm`):
   * `.Arguments` shows them as fields. Always false in `<ToolApproval>`.
   */
  editing: boolean;
  /** Starts editing (the fields at the call's values), or stops it (the edits dropped). */
  setEditing: (editing: boolean) => void;
  /** The arguments as edited, while editing. */
  editedArgs: FormDraft | undefined;
  setEditedArgs: (editedArgs: FormDraft) => void;
  /** The fields' messages of the last refused approval, by field path, until they are fixed. */
  errors: ReadonlyMap<string, string>;
  /** Approves: with the edited arguments while editing, checked first (refused ones send nothing). */
  approve: () => void;
  /** Declines, with the reason typed (if any). */
  decline: () => void;
  /** Sends the failed answer again. */
  retry: () => void;
  /** What `.Answer` shows once answered: approved (with changes), or declined (with the reason). */
  outcome: string | undefined;
  ids: { title: string; reason: string; error: string; fieldPrefix: string };
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

function outcomeOf(entry: ItemEntry, labels: ApprovalLabels): string | undefined {
  const sent = entry.answer;
  if (entry.state !== 'answered' || !sent) return undefined;
  if (sent.type === 'decline') return labels.declined(sent.reason);
  return sent.type === 'approve' && sent.editedArgs ? labels.approvedWithChanges : labels.approved;
}

/**
 * The approval's `<form>` (submitting it approves), editing the arguments with `editor`: holds the
 * reason, answers through the run, and gives its parts their state.
 */
export function approvalRoot(editor: ApprovalEditor) {
  return forwardRef<HTMLFormElement, ToolApprovalRootProps>(function Root(
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
      initialDraft: (): ApprovalDraft => ({ reason: '' }),
      isDraft: editor.isDraft,
      persistDraft,
    });
    const { entry, state, answerable, notice, send, draft } = root;
    const { reason } = draft;
    const ids = { title: useId(), reason: useId(), error: useId(), fieldPrefix: useId() };
    const edit = editor.useEdit(item, draft, root.setDraft, ids.fieldPrefix);

    const outcome = outcomeOf(entry, labels);
    const shared = useItemPartsValue(
      root,
      labels,
      withAsker(labels.title(item.toolName), item.agent, labels),
      outcome,
      edit.errors.size > 0 ? labels.invalid(edit.errors.size) : notice,
    );
    const context: ToolApprovalContextValue = {
      ...shared,
      item,
      expiresAt: item.expiresAt,
      error: entry.error,
      labels,
      reason,
      setReason: (text) => root.setDraft({ ...draft, reason: text }),
      editing: edit.editing,
      setEditing: edit.setEditing,
      editedArgs: draft.editedArgs,
      setEditedArgs: edit.setArgs,
      errors: edit.errors,
      approve: () => {
        if (!answerable) return;
        const editedArgs = edit.edits();
        if (editedArgs === false) return;
        send(() =>
          run.store.submit(item.key, editedArgs ? { type: 'approve', editedArgs } : { type: 'approve' }),
        );
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
        data-invalid={edit.errors.size > 0 ? '' : undefined}
        {...formProps}
      >
        {children}
      </ItemForm>
    );
  });
}

/**
 * The approval's `<form>` (submitting it approves): holds the reason, answers through the run, and
 * gives its parts their state. Render the parts inside it for a layout of your own, or use
 * `<ToolApproval>`. Key it by `item.key`.
 */
export const Root = /* @__PURE__ */ approvalRoot(noEditor);

export type ToolApprovalTitleProps = ComponentPropsWithoutRef<'p'>;

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

export type ToolApprovalActionsProps = ComponentPropsWithoutRef<'div'>;

/** The row of buttons (`.Approve`, `.Decline`, `.Retry`), while the approval takes an answer. */
export const Actions = forwardRef<HTMLDivElement, ToolApprovalActionsProps>(function Actions(props, ref) {
  const { state, showControls } = useApprovalContext('<ToolApproval.Actions>');
  if (!showControls) return null;
  return <div {...itemAttributes('actions', 'approval', state)} {...props} ref={ref} />;
});

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

export const { Title, Send: Approve, Retry, ErrorMessage, Answer, Status, TimeLeft } = approvalStatusParts;

/** The parts `<ToolApproval>` and `<EditableToolApproval>` share, by their names there. */
export const sharedApprovalParts = {
  Title,
  Reason,
  Actions,
  Approve,
  Decline,
  Retry,
  Error: ErrorMessage,
  Answer,
  Status,
  TimeLeft,
};

export type ToolApprovalTextProps = ItemTextProps;
export type ToolApprovalStatusProps = ItemStatusProps;
