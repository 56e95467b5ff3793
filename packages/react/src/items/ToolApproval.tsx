'use client';
import { compound } from '../internal/compound.ts';
import {
  Actions,
  Answer,
  Approve,
  Decline,
  ErrorMessage,
  Reason,
  Retry,
  Root,
  Status,
  TimeLeft,
  Title,
  useApprovalContext,
  type ToolApprovalContextValue,
  type ToolApprovalRootProps,
} from './approvalParts.tsx';
import { Arguments, Edit } from './approvalArguments.tsx';
import { itemComponent } from './itemParts.tsx';

export type {
  ToolApprovalActionsProps,
  ToolApprovalButtonProps,
  ToolApprovalContextValue,
  ToolApprovalReasonProps,
  ToolApprovalRootProps,
  ToolApprovalStatusProps,
  ToolApprovalTextProps,
  ToolApprovalTitleProps,
} from './approvalParts.tsx';
export type { ToolApprovalArgumentsProps } from './approvalArguments.tsx';

export type ToolApprovalProps = ToolApprovalRootProps;

/** The state of the enclosing approval, for parts of your own. */
export function useToolApproval(): ToolApprovalContextValue {
  return useApprovalContext('useToolApproval()');
}

/** Every part: each renders nothing in the states it does not apply to. */
function DefaultLayout() {
  return (
    <>
      <Title />
      <Arguments />
      <Edit />
      <Answer />
      <Reason />
      <ErrorMessage />
      <TimeLeft />
      <Actions>
        <Approve />
        <Decline />
        <Retry />
      </Actions>
      <Status />
    </>
  );
}

/**
 * A tool call waiting for the user's approval (`requireApproval`): what the tool wants to do, its
 * arguments shown readably, Approve, and Decline with an optional reason told to the model; for a
 * tool whose arguments may be edited (the item's `editForm`), Edit shows them as fields, checked in
 * the browser before the approval sends them ("Approved with changes."). The
 * states of `<AskUserPrompt>`: ready, submitting, failed (with Retry), answered, answered
 * elsewhere, expired, and malformed (its reason folded under "Details"). Give it children (its parts) for a layout
 * of your own.
 * @example
 * const run = useAgentRun({ agentId: 'concierge', items: [approvals, forms] });
 * run.openItems.map((item) => item.kind === 'approval' && <ToolApproval key={item.key} run={run} item={item} />)
 * @example
 * <ToolApproval.Root run={run} item={item}>
 *   <ToolApproval.Title />
 *   <ToolApproval.Arguments />
 *   <ToolApproval.Approve>Book it</ToolApproval.Approve>
 *   <ToolApproval.Retry />
 *   <ToolApproval.Error />
 *   <ToolApproval.Answer />
 *   <ToolApproval.Status />
 * </ToolApproval.Root>
 */
export const ToolApproval = compound('ToolApproval', itemComponent(Root, DefaultLayout), {
  Root,
  Title,
  Arguments,
  Reason,
  Actions,
  Approve,
  Decline,
  Edit,
  Retry,
  Error: ErrorMessage,
  Answer,
  Status,
  TimeLeft,
});
