import type { ComponentPropsWithoutRef } from 'react';
import { mergeIds } from './primitive.ts';

// The props of the elements every waiting question renders alike (<AskUserPrompt>, <ToolApproval>,
// <ResumeForm>): a part spreads them with its documented data attributes and the app's props.

/** A part's documented data attributes (`data-scope`, `data-part`, `data-state`, …). */
export type PartAttributes = Record<`data-${string}`, string | undefined>;

/**
 * The form's submit button (Send, Approve, Retry), the app's props included: always
 * `type="submit"`, so that Enter in a field does what the button does; disabled while `locked`
 * (sending); after a failure described by `.Error` (`errorId`).
 */
export function submitButtonProps(
  attributes: PartAttributes,
  props: ComponentPropsWithoutRef<'button'>,
  locked: boolean,
  errorId: string | false,
) {
  return {
    ...attributes,
    type: 'submit' as const,
    ...props,
    disabled: locked || props.disabled,
    'aria-describedby': mergeIds(props['aria-describedby'], errorId),
  };
}
