import type { ItemEntry, SuspensionItem } from '@ask-user-kit/core';
import type { FormDraft } from '@ask-user-kit/core/internal';
import { initialFormDraft, validateForm, type FieldError } from '@ask-user-kit/core/internal';
import { useState, type ReactNode } from 'react';
import { FieldView, isDraft } from './FieldView.tsx';
import { fieldIds } from './formContext.ts';
import { defaultFormLabels, type ApprovalLabels } from './labels.ts';

// An approval whose arguments the user may edit before approving (the item's `editForm`): the
// draft, its check in the browser, and the fields.

/** What an approval's Root keeps while it takes an answer: the decline reason, and the arguments while edited. */
export interface ApprovalDraft {
  reason: string;
  /** The arguments as edited; absent while they are not. */
  editedArgs?: FormDraft;
}

export const isApprovalDraft = (value: unknown): value is ApprovalDraft =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ApprovalDraft).reason === 'string' &&
  ((value as ApprovalDraft).editedArgs === undefined || isDraft((value as ApprovalDraft).editedArgs));

export const editFormOf = (item: SuspensionItem) => (item.kind === 'approval' ? item.editForm : undefined);

/**
 * The edit state of an approval: whether its arguments are edited, switching to and from editing
 * (the fields start at the call's values again), the fields' messages of the last refused
 * approval, and `edits()`, the arguments to approve with (`undefined` when not editing), or `false`
 * when the form refuses them: then the first refused field takes focus.
 */
export function useApprovalEdit(
  item: SuspensionItem,
  draft: ApprovalDraft,
  setDraft: (draft: ApprovalDraft) => void,
  fieldPrefix: string,
) {
  const form = editFormOf(item);
  const [refused, setRefused] = useState<readonly FieldError[]>([]);
  const editing = form !== undefined && draft.editedArgs !== undefined;
  const setEditing = (on: boolean) => {
    setRefused([]);
    setDraft({ reason: draft.reason, ...(on && form ? { editedArgs: initialFormDraft(form) } : {}) });
  };
  const setArgs = (editedArgs: FormDraft) => {
    setDraft({ ...draft, editedArgs });
    // A field's message goes as soon as it is fixed; no new one appears before the next approval.
    if (refused.length === 0 || !form) return;
    const check = validateForm(form, editedArgs);
    const paths = new Set(refused.map((error) => error.path));
    setRefused(check.ok ? [] : check.errors.filter((error) => paths.has(error.path)));
  };
  const edits = (): FormDraft | undefined | false => {
    if (!editing) return undefined;
    const check = validateForm(form, draft.editedArgs!);
    if (check.ok) {
      setRefused([]);
      return draft.editedArgs;
    }
    setRefused(check.errors);
    document.getElementById(fieldIds(fieldPrefix, check.errors[0]!.path).control)?.focus();
    return false;
  };
  const errors: ReadonlyMap<string, string> = new Map(refused.map((error) => [error.path, error.message]));
  return { editing, setEditing, setArgs, edits, errors };
}

/** What the edit fields read of the approval's context. */
export interface EditFieldsSource {
  item: SuspensionItem;
  state: ItemEntry['state'];
  labels: ApprovalLabels;
  editedArgs: FormDraft | undefined;
  setEditedArgs: (editedArgs: FormDraft) => void;
  errors: ReadonlyMap<string, string>;
  ids: { fieldPrefix: string };
}

/** The edit form's fields, each labelled, with its description and error: `<ResumeForm>`'s fields. */
export function EditFields({ source }: { source: EditFieldsSource }): ReactNode {
  const form = editFormOf(source.item);
  const { editedArgs } = source;
  if (!form || !editedArgs) return null;
  const { labels } = source;
  const fieldLabels = {
    ...defaultFormLabels,
    details: labels.details,
    optional: labels.optional,
    noChoice: labels.noChoice,
    unsupported: labels.unsupported,
  };
  const context = { ...source, labels: fieldLabels };
  return form.fields.map((field) => (
    <FieldView
      key={field.name}
      field={field}
      path={field.name}
      value={editedArgs[field.name]}
      onChange={(value) => source.setEditedArgs({ ...editedArgs, [field.name]: value })}
      context={context}
    />
  ));
}

/** Whether an approval's answer approved other arguments than the call's. */
export const approvedWithChanges = (answer: ItemEntry['answer']): boolean =>
  answer?.type === 'approve' && answer.editedArgs !== undefined;
