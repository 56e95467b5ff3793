// setTimeout fires at once past this many ms (about 24.8 days).
const LONGEST_DELAY_MS = 2 ** 31 - 1;

/**
 * `setTimeout` for any delay: a negative one fires at once, one past setTimeout's longest fires
 * after that longest (about 24.8 days) instead of at once; the caller waits again if it must.
 */
export const startTimer = (callback: () => void, ms: number): ReturnType<typeof setTimeout> =>
  setTimeout(callback, Math.min(Math.max(ms, 0), LONGEST_DELAY_MS));
