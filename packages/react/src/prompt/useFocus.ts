import { useEffect, useRef, type RefObject } from 'react';
import { outcomeOf, showsControls } from '../internal/lifecycle.ts';
import type { PromptState } from '@ask-user-kit/core';
import { type Field, type InvalidAnswer } from './state.ts';

const FIELD_PART: Record<Field, string> = {
  text: 'text-field',
  other: 'other-text',
  options: 'option-control',
};

/** Focuses a field: for the options, the chosen one or else the first. */
function focusField(root: HTMLElement | null, field: Field): void {
  if (!root) return;
  const selector = `[data-part=${FIELD_PART[field]}]:enabled`;
  const target =
    root.querySelector<HTMLElement>(`${selector}:checked`) ?? root.querySelector<HTMLElement>(selector);
  target?.focus();
}

export interface FocusOptions {
  promptKey: string;
  state: PromptState;
  /** The field that holds the answer: the text field, or the options. */
  field: Field;
  autoFocus: boolean;
  invalid: InvalidAnswer | undefined;
}

/**
 * Where focus goes, and only when there is a reason: to the field on mount with `autoFocus`, to the
 * field to fix after a refusal, and back where the user was once a submit ends (disabled controls
 * drop focus to `<body>`). Call `rememberFocus()` just before submitting.
 */
export function useFocus(
  root: RefObject<HTMLFormElement | null>,
  { promptKey, state, field, autoFocus, invalid }: FocusOptions,
) {
  const beforeSubmit = useRef<HTMLElement | null>(null);
  const answerable = showsControls(state);

  useEffect(() => {
    if (autoFocus && answerable) focusField(root.current, field);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on mount only: focus moves when the prompt appears, not whenever it changes
  }, [autoFocus, field]);

  useEffect(() => {
    if (invalid && state === 'ready') focusField(root.current, invalid.field);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each refusal is a new object and moves focus, even the same one twice; a change of state does not
  }, [invalid]);

  useEffect(() => {
    const before = beforeSubmit.current;
    const form = root.current;
    if (!before || !form || state === 'submitting' || document.activeElement !== document.body) return;
    beforeSubmit.current = null;
    if (!answerable) {
      outcomeOf(form).focus({ preventScroll: true });
      return;
    }
    const stillThere = before.isConnected && !(before as HTMLInputElement).disabled;
    const target = stillThere ? before : form.querySelector<HTMLElement>('[data-part=submit]');
    target?.focus();
  }, [root, state, promptKey, answerable]);

  return {
    rememberFocus() {
      const active = document.activeElement;
      const inside = active instanceof HTMLElement && Boolean(root.current?.contains(active));
      beforeSubmit.current = inside ? active : null;
    },
  };
}
