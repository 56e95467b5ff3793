'use client';
import { compound } from '../internal/compound.ts';
import { Edit, EditableArguments, approvalEditor } from './approvalEdit.tsx';
import { ApprovalLayout } from './ApprovalLayout.tsx';
import { approvalRoot, sharedApprovalParts } from './approvalParts.tsx';
import { itemComponent } from './itemParts.tsx';

const Root = approvalRoot(approvalEditor);

const DefaultLayout = () => (
  <ApprovalLayout
    args={
      <>
        <EditableArguments />
        <Edit />
      </>
    }
  />
);

/**
 * `<ToolApproval>` for approvals whose arguments the user may edit (`editableApprovals` of
 * `@ask-user-kit/core/items` gives them an `editForm`): Edit turns the arguments into labelled
 * fields (the first takes focus), checked in the browser before the approval sends them (a refused
 * value sends nothing and says why), kept as a draft until answered ("Approved with changes."). An
 * approval without an `editForm` shows as in `<ToolApproval>`. Its parts are `<ToolApproval>`'s,
 * with a Root that edits, `.Arguments` that become fields while edited, and `.Edit`.
 * @example
 * const run = useAgentRun({ agentId: 'concierge', baseUrl, items: [editableApprovals({ book_trip: tripSchema }), forms] });
 * run.openItems.map((item) => item.kind === 'approval' && <EditableToolApproval key={item.key} run={run} item={item} />)
 * @example
 * <EditableToolApproval.Root run={run} item={item}>
 *   <EditableToolApproval.Title />
 *   <EditableToolApproval.Arguments />
 *   <EditableToolApproval.Edit />
 *   <EditableToolApproval.Approve>Book it</EditableToolApproval.Approve>
 *   <EditableToolApproval.Retry />
 *   <EditableToolApproval.Error />
 *   <EditableToolApproval.Answer />
 *   <EditableToolApproval.Status />
 * </EditableToolApproval.Root>
 */
export const EditableToolApproval = compound('EditableToolApproval', itemComponent(Root, DefaultLayout), {
  Root,
  Arguments: EditableArguments,
  Edit,
  ...sharedApprovalParts,
});
