import { useCallback, useRef, useState } from 'react';
import { warnOnce } from './internal/primitive.ts';

export interface UseControllableStateOptions<T> {
  /** The controlled value; `undefined` means uncontrolled. */
  prop: T | undefined;
  /** The initial value when uncontrolled. */
  defaultProp: T | (() => T);
  /** Called with every new value, controlled or not. */
  onChange?: ((value: T) => void) | undefined;
  /** The component's name, for the warning. */
  caller: string;
}

/**
 * State that a parent may control (`value` + `onValueChange`) or leave to the component
 * (`defaultValue`). Warns in development when a component switches between the two, the way
 * native inputs do.
 * @example
 * const [value, setValue] = useControllableState({ prop: props.value, defaultProp: '', onChange: props.onValueChange, caller: 'Field' });
 */
export function useControllableState<T>({
  prop,
  defaultProp,
  onChange,
  caller,
}: UseControllableStateOptions<T>): [T, (next: T | ((previous: T) => T)) => void] {
  const [uncontrolled, setUncontrolled] = useState(defaultProp);
  const controlled = prop !== undefined;
  const value = controlled ? (prop as T) : uncontrolled;
  // Until the end of this render, `latest` holds the previous render's mode: a change of mode warns.
  const latest = useRef({ value, controlled, onChange });
  // Read process.env.NODE_ENV here, not in a helper: bundlers replace it, so production builds drop
  // the check and its message. Where nothing replaces it and there is no `process` (a plain browser), stay quiet.
  try {
    if (process.env.NODE_ENV !== 'production' && latest.current.controlled !== controlled) {
      const [from, to] = controlled ? ['uncontrolled', 'controlled'] : ['controlled', 'uncontrolled'];
      warnOnce(
        `${caller}:${from}`,
        `${caller} is changing from ${from} to ${to}. Pick one for the component's lifetime: ` +
          'pass `value` with `onValueChange` (controlled), or `defaultValue` alone (uncontrolled).',
      );
    }
  } catch {}
  latest.current = { value, controlled, onChange };

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
