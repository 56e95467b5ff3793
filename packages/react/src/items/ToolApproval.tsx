'use client';
import { compound } from '../internal/compound.ts';
import {
  Root,
  sharedApprovalParts,
  useApprovalContext,
  type ToolApprovalContextValue,
  type ToolApprovalRootProps,
} from './approvalParts.tsx';
import { Arguments } from './approvalArguments.tsx';
import { itemComponent } from './itemParts.tsx';
import { ApprovalLayout } from './ApprovalLayout.tsx';

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

const DefaultLayout = () => <ApprovalLayout args={<Arguments />} />;

/**
 * A tool call waiting for the user's approval (`requireApproval`): what the tool wants to do, its
 * arguments shown readably, Approve, and Decline with an optional reason told to the model. The
 * states of `<AskUserPrompt>`: ready, submitting, failed (with Retry), answered, answered
 * elsewhere, expired, and malformed (its reason folded under "Details"). Give it children (its parts) for a layout
 * of your own. For arguments the user may edit before approving, `<EditableToolApproval>`.
 * @example
 * const run = useAgentRun({ agentId: 'concierge', baseUrl: '', items: [approvals, forms] });
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
  Arguments,
  ...sharedApprovalParts,
});
