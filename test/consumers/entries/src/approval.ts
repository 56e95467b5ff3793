// @ask-user-kit/react/approval: a tool approval's parts, and the approval whose arguments are edited.
import {
  EditableToolApproval,
  ToolApproval,
  useToolApproval,
  type ApprovalLabels,
} from '@ask-user-kit/react/approval';

export const entry = { EditableToolApproval, ToolApproval, useToolApproval };
export type Entry = ApprovalLabels;
