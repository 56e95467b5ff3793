import type { PromptState } from '@ask-user-kit/core';
import { forwardRef, useEffect, useState, type ComponentPropsWithoutRef } from 'react';
import { takesAnswer } from './lifecycle.ts';
import type { PartAttributes } from './parts.ts';
import { visuallyHidden } from './primitive.ts';

const MINUTE_MS = 60_000;
// The minutes left at which the time is announced: often enough to act on, rare enough not to talk over the page.
const ANNOUNCED_AT: readonly number[] = [5, 1];

/** How the time left reads: whole minutes, rounded up ("Expires in 1 minute" until the last second). */
export const expiresInWords = (minutes: number): string => {
  if (minutes >= 120) return `Expires in ${Math.floor(minutes / 60)} hours`;
  return minutes === 1 ? 'Expires in 1 minute' : `Expires in ${minutes} minutes`;
};

const minutesLeft = (expiresAt: number, now = Date.now()) =>
  Math.max(0, Math.ceil((expiresAt - now) / MINUTE_MS));

/** The whole minutes left until `expiresAt`, updated as each minute passes (one timer at a time, none per second). */
function useMinutesLeft(expiresAt: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const current = Date.now();
      const left = minutesLeft(expiresAt, current);
      if (left === 0) return;
      // The next change: when the count drops by one minute.
      timer = setTimeout(
        () => {
          setNow(Date.now());
          schedule();
        },
        expiresAt - current - (left - 1) * MINUTE_MS,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return expiresAt === undefined ? undefined : minutesLeft(expiresAt, now);
}

/**
 * What the polite region says: the last threshold the count reached since the question arrived
 * (none on arrival: the new question is announced then). The same text is not said twice.
 */
function useThresholdWords(minutes: number | undefined, expiresIn: (minutes: number) => string): string {
  const [arrivedWith] = useState(minutes);
  if (minutes === undefined) return '';
  const reached = ANNOUNCED_AT.filter(
    (threshold) => minutes <= threshold && (arrivedWith === undefined || threshold < arrivedWith),
  );
  return reached.length === 0 ? '' : expiresIn(Math.min(...reached));
}

export interface TimeLeftProps extends ComponentPropsWithoutRef<'p'> {
  attributes: PartAttributes;
  state: PromptState;
  expiresAt: number | undefined;
  expiresIn: (minutes: number) => string;
}

/**
 * How long a question still takes answers, in words ("Expires in 4 minutes"), updated each minute.
 * The text is not a live region; a visually hidden polite one says it only at 5 minutes and 1
 * minute left. Nothing once the question no longer takes an answer or has no deadline.
 */
export const TimeLeft = forwardRef<HTMLParagraphElement, TimeLeftProps>(function TimeLeft(
  { attributes, state, expiresAt, expiresIn, children, ...props },
  ref,
) {
  const minutes = useMinutesLeft(expiresAt);
  const announced = useThresholdWords(minutes, expiresIn);
  if (expiresAt === undefined || minutes === undefined || minutes === 0 || !takesAnswer(state)) return null;
  return (
    <p {...attributes} {...props} ref={ref}>
      <time dateTime={new Date(expiresAt).toISOString()}>{children ?? expiresIn(minutes)}</time>
      <span role="status" style={visuallyHidden}>
        {announced}
      </span>
    </p>
  );
});
if (process.env.NODE_ENV !== 'production') TimeLeft.displayName = 'TimeLeft';
