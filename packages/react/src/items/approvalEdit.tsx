import type { SuspensionItem } from '@ask-user-kit/core';
import type { FormDraft } from '@ask-user-kit/core/internal';
import { initialFormDraft, validateForm, type FieldError } from '@ask-user-kit/core/internal';
import { forwardRef, useEffect, useRef, useState, type Ref } from 'react';
import { takesAnswer } from '../internal/lifecycle.ts';
import { Arguments, type ToolApprovalArgumentsProps } from './approvalArguments.tsx';
import { noEditor, type ApprovalDraft, type ApprovalEdit, type ApprovalEditor } from './approvalEditor.ts';
import {
  useApprovalContext,
  type ToolApprovalButtonProps,
  type ToolApprovalContextValue,
} from './approvalParts.tsx';
import { FieldView, isDraft } from './FieldView.tsx';
import { fieldIds } from './formContext.ts';
import { itemAttributes } from './itemParts.tsx';
import { defaultFormLabels } from './labels.ts';

// An approval whose arguments the user may edit before approving (the item's `editForm`): the
// draft, its check in the browser, the fields, and the parts that show them (`<EditableToolApproval>`).

const editFormOf = (item: SuspensionItem) => (item.kind === 'approval' ? item.editForm : undefined);

/**
 * The edit state of an approval: whether its arguments are edited, switching to and from editing
 * (the fields start at the call's values again), the fields' messages of the last refused
 * approval, and `edits()`, the arguments to approve with (`undefined` when not editing), or `false`
 * when the form refuses them: then the first refused field takes focus.
 */
function useApprovalEdit(
  item: SuspensionItem,
  draft: ApprovalDraft,
  setDraft: (draft: ApprovalDraft) => void,
  fieldPrefix: string,
): ApprovalEdit {
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

/** `<EditableToolApproval>`'s: the draft keeps the edited arguments too, and the form checks them. */
export const approvalEditor: ApprovalEditor = {
  isDraft: (value): value is ApprovalDraft =>
    noEditor.isDraft(value) && (value.editedArgs === undefined || isDraft(value.editedArgs)),
  useEdit: useApprovalEdit,
};

/** The edit form's fields, each labelled, with its description and error: `<ResumeForm>`'s fields. */
function EditFields({ context }: { context: ToolApprovalContextValue }) {
  const form = editFormOf(context.item);
  const { editedArgs, labels } = context;
  if (!form || !editedArgs) return null;
  const fieldLabels = {
    ...defaultFormLabels,
    details: labels.details,
    optional: labels.optional,
    noChoice: labels.noChoice,
    unsupported: labels.unsupported,
  };
  const fieldContext = { ...context, labels: fieldLabels };
  return form.fields.map((field) => (
    <FieldView
      key={field.name}
      field={field}
      path={field.name}
      value={editedArgs[field.name]}
      onChange={(value) => context.setEditedArgs({ ...editedArgs, [field.name]: value })}
      context={fieldContext}
    />
  ));
}

/**
 * The call's arguments as `<ToolApproval.Arguments>` shows them, or, while edited, their fields in
 * a `<fieldset>`.
 */
export const EditableArguments = forwardRef<HTMLElement, ToolApprovalArgumentsProps>(
  function EditableArguments(props, ref) {
    const context = useApprovalContext('<EditableToolApproval.Arguments>');
    if (!context.editing || !context.showControls) return <Arguments {...props} ref={ref} />;
    return (
      <fieldset
        {...itemAttributes('group', 'approval', context.state)}
        {...props}
        ref={ref as Ref<HTMLFieldSetElement>}
      >
        <legend>{context.labels.arguments}</legend>
        {props.children ?? <EditFields context={context} />}
      </fieldset>
    );
  },
);

/**
 * Edits the arguments before approving (the first field takes focus), or, while editing, drops the
 * edits; only for an approval with an `editForm`. Not shown after a failure.
 */
export const Edit = forwardRef<HTMLButtonElement, ToolApprovalButtonProps>(function Edit(props, ref) {
  const context = useApprovalContext('<EditableToolApproval.Edit>');
  const { item, state, labels, showControls, editing } = context;
  const focusFields = useRef(false);
  useEffect(() => {
    if (!editing || !focusFields.current) return;
    focusFields.current = false;
    const [first] = editFormOf(item)?.fields ?? [];
    if (first) document.getElementById(fieldIds(context.ids.fieldPrefix, first.name).control)?.focus();
  });
  if (!showControls || state === 'failed' || !editFormOf(item)) return null;
  return (
    <button
      {...itemAttributes('edit', 'approval', state)}
      type="button"
      {...props}
      ref={ref}
      disabled={!takesAnswer(state) || props.disabled}
      onClick={(event) => {
        // Not composeEventHandlers: the compiler's lint takes a ref used in a function handed to
        // another during render for a read of it.
        props.onClick?.(event);
        if (event.defaultPrevented) return;
        focusFields.current = !editing;
        context.setEditing(!editing);
      }}
    >
      {props.children ?? (editing ? labels.cancelEdit : labels.edit)}
    </button>
  );
});
