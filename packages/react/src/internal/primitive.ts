import type { SyntheticEvent } from 'react';

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
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;
