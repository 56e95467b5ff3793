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

/** An `aria-describedby` (or `-labelledby`) value from several ids: the app's first, empty ones left out. */
export function mergeIds(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => Boolean(id));
  if (present.length === 0) return undefined;
  return present.join(' ');
}

/** The style of a visually hidden element that screen readers still read (kept inline: it is not decoration). */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;
