import { useCallback, useInsertionEffect, useRef, useState } from 'react';
import { warnOnce } from './development.ts';

export interface UseControllableStateOptions<T> {
  /** The controlled value; `undefined` means uncontrolled. */
  prop: T | undefined;
  /** The initial value when uncontrolled. */
  defaultProp: T | (() => T);
  /** Called with every new value, controlled or not. */
  onChange?: ((value: T) => void) | undefined;
  /** The component's name, for the warning. */
  caller: string;
  /** The props' names as the component calls them, for the warning: `draft`, `onDraftChange`, `defaultDraft`. */
  names: { prop: string; onChange: string; defaultProp: string };
}

/**
 * State that a parent may control (the value prop with its change callback) or leave to the
 * component (the default prop). Warns in development when a component switches between the two,
 * the way native inputs do.
 */
export function useControllableState<T>({
  prop,
  defaultProp,
  onChange,
  caller,
  names,
}: UseControllableStateOptions<T>): [T, (next: T | ((previous: T) => T)) => void] {
  const [uncontrolled, setUncontrolled] = useState(defaultProp);
  const controlled = prop !== undefined;
  const value = controlled ? prop : uncontrolled;
  // The mode is chosen by the first render; a later render in the other mode warns (in development:
  // an inline check, see development.ts).
  const [initiallyControlled] = useState(controlled);
  if (process.env.NODE_ENV !== 'production' && initiallyControlled !== controlled) {
    const from = controlled ? 'uncontrolled' : 'controlled';
    const to = controlled ? 'controlled' : 'uncontrolled';
    warnOnce(
      `${caller}:${from}`,
      `${caller} is changing from ${from} to ${to}. Pick one for the component's lifetime: ` +
        `pass \`${names.prop}\` with \`${names.onChange}\` (controlled), or \`${names.defaultProp}\` alone (uncontrolled).`,
    );
  }
  // What setValue reads when it runs (in an event): the last committed render's value and mode.
  const latest = useRef({ value, controlled, onChange });
  useInsertionEffect(() => {
    latest.current = { value, controlled, onChange };
  });

  const setValue = useCallback((next: T | ((previous: T) => T)) => {
    const current = latest.current;
    const resolved = typeof next === 'function' ? (next as (previous: T) => T)(current.value) : next;
    if (Object.is(resolved, current.value)) return;
    // Later calls in the same event must build on this value, not on the last render's.
    current.value = resolved;
    if (!current.controlled) setUncontrolled(resolved);
    current.onChange?.(resolved);
  }, []);

  return [value, setValue];
}
