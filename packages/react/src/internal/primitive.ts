import { useCallback, type Ref, type RefCallback, type SyntheticEvent } from 'react';

/**
 * Runs the consumer's handler first; ours runs only if theirs did not call `preventDefault()`.
 */
export function composeEventHandlers<E extends SyntheticEvent | Event>(
  theirs: ((event: E) => void) | undefined,
  ours: (event: E) => void,
): (event: E) => void {
  return (event) => {
    theirs?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void | (() => void) {
  if (typeof ref === 'function') return ref(value);
  if (ref !== null && ref !== undefined) (ref as { current: T | null }).current = value;
}

/** One ref callback that feeds every given ref (React 19 cleanup functions included). */
export function composeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (node) => {
    const cleanups = refs.map((ref) => setRef(ref, node));
    if (!cleanups.some((c) => typeof c === 'function')) return;
    return () => {
      cleanups.forEach((cleanup, i) => {
        if (typeof cleanup === 'function') cleanup();
        else setRef(refs[i], null);
      });
    };
  };
}

/** `composeRefs`, memoised on the refs so React does not detach and re-attach on every render. */
export function useComposedRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback(composeRefs(...refs), refs);
}

/**
 * Warns once per key. Development only: call it under `process.env.NODE_ENV !== 'production'`
 * read at the call site (in a `try`, for browsers without `process`), so bundlers drop the call
 * and its message from production builds.
 */
export function warnOnce(key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(message);
}
const warned = new Set<string>();

/** The style of a visually hidden element that screen readers still read (kept inline: it is not decoration). */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
