import type { SuspensionItem } from '@ask-user-kit/core';
import type { FormDraft } from '@ask-user-kit/core/internal';

// How an approval's Root edits the arguments. `<ToolApproval>` never does (`noEditor`);
// `<EditableToolApproval>` brings an editor of its own (approvalEdit.tsx), so that the form's
// fields and checks are only in the apps that edit.

/** What an approval's Root keeps while it takes an answer: the decline reason, and the arguments while edited. */
export interface ApprovalDraft {
  reason: string;
  /** The arguments as edited; absent while they are not. */
  editedArgs?: FormDraft;
}

/** Where an approval's arguments are edited: whether they are, and the arguments to approve with. */
export interface ApprovalEdit {
  editing: boolean;
  setEditing: (editing: boolean) => void;
  setArgs: (editedArgs: FormDraft) => void;
  /** The arguments to approve with: `undefined` when not editing, `false` when the form refuses them. */
  edits: () => FormDraft | undefined | false;
  /** The fields' messages of the last refused approval, by field path. */
  errors: ReadonlyMap<string, string>;
}

/**
 * How a Root edits an approval's arguments: whether what sessionStorage holds is its draft, and the
 * hook that keeps the edit state. `<EditableToolApproval>` has one that edits; `<ToolApproval>` one
 * that never does, so that an app that never edits carries no form.
 */
export interface ApprovalEditor {
  isDraft: (value: unknown) => value is ApprovalDraft;
  useEdit: (
    item: SuspensionItem,
    draft: ApprovalDraft,
    setDraft: (draft: ApprovalDraft) => void,
    fieldPrefix: string,
  ) => ApprovalEdit;
}

const notEditing: ApprovalEdit = {
  editing: false,
  setEditing: () => {},
  setArgs: () => {},
  edits: () => undefined,
  errors: new Map(),
};

/** `<ToolApproval>`'s: the arguments are shown, never edited. */
export const noEditor: ApprovalEditor = {
  isDraft: (value): value is ApprovalDraft =>
    typeof value === 'object' && value !== null && typeof (value as ApprovalDraft).reason === 'string',
  useEdit: () => notEditing,
};
