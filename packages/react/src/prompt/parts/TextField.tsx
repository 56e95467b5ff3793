import { forwardRef, type ChangeEvent, type ComponentPropsWithoutRef, type KeyboardEvent } from 'react';
import { composeEventHandlers, mergeIds } from '../../internal/primitive.ts';
import { dataAttributes, usePromptContext } from '../context.ts';
import { showsControls } from '../../internal/lifecycle.ts';

export type AskUserPromptTextFieldProps = Omit<
  ComponentPropsWithoutRef<'textarea'>,
  'value' | 'defaultValue'
>;

/** Enter sends, unless it adds a line (Shift+Enter), comes with another modifier, or ends an IME composition. */
function sendsOnEnter(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
  if (event.key !== 'Enter') return false;
  if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
  // keyCode 229: Enter that confirms an IME composition (Safari reports isComposing false).
  const composing = event.nativeEvent.isComposing || event.keyCode === 229;
  return !composing;
}

/**
 * The `<textarea>` of a free-text prompt. Enter sends; Shift+Enter adds a line. An `id` of your own
 * replaces the one `.Question`'s `<label>` points at: label the field yourself then.
 */
export const TextField = forwardRef<HTMLTextAreaElement, AskUserPromptTextFieldProps>(
  function TextField(props, ref) {
    const context = usePromptContext('<AskUserPrompt.TextField>');
    const { prompt, state, draft, ids, invalid, setDraft, submit } = context;
    if (prompt.kind !== 'text' || !showsControls(state)) return null;
    return (
      <textarea
        {...dataAttributes('text-field', context)}
        id={ids.field}
        rows={3}
        aria-invalid={invalid !== undefined || undefined}
        {...props}
        ref={ref}
        value={draft.text}
        disabled={context.disabled || props.disabled}
        aria-describedby={mergeIds(props['aria-describedby'], ids.description, invalid && ids.error)}
        onChange={composeEventHandlers(props.onChange, (event: ChangeEvent<HTMLTextAreaElement>) => {
          const text = event.currentTarget.value;
          setDraft((current) => ({ ...current, text }));
        })}
        onKeyDown={composeEventHandlers(props.onKeyDown, (event: KeyboardEvent<HTMLTextAreaElement>) => {
          if (!sendsOnEnter(event)) return;
          event.preventDefault();
          submit();
        })}
      />
    );
  },
);
