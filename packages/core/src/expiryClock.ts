// Questions that carry an `expiresAt` close by themselves at that time, without a request.
import { waitingEntryOf } from './snapshotEdit.ts';
import { startTimer } from './timer.ts';
import type { RunSnapshot, WaitingEntry } from './types.ts';

/** When an entry stops taking answers (milliseconds since 1970), if it does. */
export const expiresAtOf = (entry: WaitingEntry): number | undefined =>
  entry.type === 'prompt' ? entry.prompt.expiresAt : entry.item.expiresAt;

/** True for an entry whose time ran out while it waits for an answer (an answer in flight is the server's to judge). */
export const isPastDeadline = (entry: WaitingEntry, now = Date.now()): boolean => {
  const expiresAt = expiresAtOf(entry);
  return expiresAt !== undefined && expiresAt <= now && (entry.state === 'ready' || entry.state === 'failed');
};

/**
 * The entries that may still expire: the open prompts' (found by key, however long the
 * conversation: the clock runs after every change) and the items.
 */
const waitingEntries = (snapshot: RunSnapshot): WaitingEntry[] => [
  ...snapshot.openPrompts.flatMap((prompt) => waitingEntryOf(snapshot, prompt.key) ?? []),
  ...snapshot.items,
];

/**
 * One timer for the earliest deadline of a snapshot's waiting entries: `update` after each change,
 * `expire(key)` is called for each entry whose time ran out, `stop` clears the timer.
 */
export function expiryClock(getSnapshot: () => RunSnapshot, expire: (key: string) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due: number | undefined;

  const expireDue = () => {
    timer = undefined;
    due = undefined;
    const now = Date.now();
    for (const entry of waitingEntries(getSnapshot())) if (isPastDeadline(entry, now)) expire(entry.id);
    update();
  };

  function update() {
    const next = waitingEntries(getSnapshot())
      .filter((entry) => entry.state === 'ready' || entry.state === 'failed')
      .map(expiresAtOf)
      .reduce<number | undefined>(
        (earliest, at) => (at === undefined || (earliest ?? Infinity) <= at ? earliest : at),
        undefined,
      );
    if (next === due) return;
    clearTimeout(timer);
    due = next;
    if (next === undefined) return;
    // A deadline past setTimeout's longest delay is waited for in steps: each one looks again.
    timer = startTimer(expireDue, next - Date.now());
    // A deadline never keeps a Node process alive by itself.
    (timer as { unref?: () => void }).unref?.();
  }

  return {
    update,
    expireDue,
    stop() {
      clearTimeout(timer);
      timer = undefined;
      due = undefined;
    },
  };
}
