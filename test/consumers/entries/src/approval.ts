// @ask-user-kit/react/approval: a tool approval's parts.
import { ToolApproval, useToolApproval, type ApprovalLabels } from '@ask-user-kit/react/approval';

export const entry = { ToolApproval, useToolApproval };
export type Entry = ApprovalLabels;
