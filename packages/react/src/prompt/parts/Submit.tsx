import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { showsControls } from '../../internal/lifecycle.ts';
import { mergeIds } from '../../internal/primitive.ts';
import { dataAttributes, usePromptContext } from '../context.ts';
import { submitLabel } from '../state.ts';

export type AskUserPromptSubmitProps = ComponentPropsWithoutRef<'button'>;

/** The submit `<button>`: "Send", "Sending…" while submitting, "Retry" after a failure. */
export const Submit = forwardRef<HTMLButtonElement, AskUserPromptSubmitProps>(function Submit(props, ref) {
  const context = usePromptContext('<AskUserPrompt.Submit>');
  const { state, ids, labels } = context;
  if (!showsControls(state)) return null;
  return (
    <button
      {...dataAttributes('submit', context)}
      type="submit"
      {...props}
      ref={ref}
      disabled={context.disabled || props.disabled}
      aria-describedby={mergeIds(props['aria-describedby'], state === 'failed' && ids.error)}
    >
      {props.children ?? submitLabel(state, labels)}
    </button>
  );
});
