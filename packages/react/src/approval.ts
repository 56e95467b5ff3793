// @ask-user-kit/react/approval: <ToolApproval>, for tool calls that wait for approval. Its own entry
// (and size budget): an app that shows only ask_user questions carries none of it.
export { ToolApproval, useToolApproval } from './items/ToolApproval.tsx';
// Only an app that edits arguments imports it, and with it the form's fields and checks.
export { EditableToolApproval } from './items/EditableToolApproval.tsx';
export { defaultApprovalLabels } from './items/labels.ts';
export type { ApprovalLabels } from './items/labels.ts';
