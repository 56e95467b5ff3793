import { RequestError, type ItemEntry, type RunStore, type SuspensionItem } from '@ask-user-kit/core';
import { useCallback, useEffect, useRef, useState } from 'react';

/** What `<ToolApproval>` and `<ResumeForm>` need of a run: `useAgentRun({ items })`'s result fits. */
export interface ItemRun {
  /** Every approval and form seen, with its state (`useAgentRun`'s `items`). */
  items: readonly ItemEntry[];
  /** The run's store: the items are answered through its `submit` and `retry`. */
  store: Pick<RunStore, 'submit' | 'retry'>;
}

/** The item's entry in the run: its state, answer and error (`ready` while the run has none yet). */
export function useItemEntry(run: ItemRun, item: SuspensionItem): ItemEntry {
  const entry = run.items.find((candidate) => candidate.item.key === item.key);
  return (
    entry ?? { type: 'item', id: item.key, item, state: item.kind === 'malformed' ? 'malformed' : 'ready' }
  );
}

const draftName = (key: string) => `ask-user-kit:item:${key}`;

// sessionStorage may be missing (SSR), disabled (privacy settings throw) or full: a draft that
// cannot be kept is only not kept.

/** The draft saved under `name`: read (parsed, unchecked) without `value`, saved with one, removed with `null`. */
function sessionDraft(name: string, value?: unknown): unknown {
  try {
    if (value === undefined) return JSON.parse(sessionStorage.getItem(name)!);
    if (value === null) sessionStorage.removeItem(name);
    else sessionStorage.setItem(name, JSON.stringify(value));
  } catch {
    // Not kept: see above.
  }
}

/**
 * A draft kept in sessionStorage under the item's key while it can be answered, so it survives a
 * reload; dropped once the item is answered or expired. `isValid` checks what was stored (it may be
 * from an older schema or hand-edited).
 */
export function useItemDraft<T>(
  key: string,
  initial: () => T,
  keep: boolean,
  isValid: (value: unknown) => value is T,
): [T, (value: T) => void] {
  const [draft, setDraft] = useState<T>(initial);
  const set = useCallback(
    (value: T) => {
      setDraft(value);
      sessionDraft(draftName(key), value);
    },
    [key],
  );
  // A draft saved before a reload comes back once, after mount, so that server and client render alike.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !keep) return;
    restored.current = true;
    const stored = sessionDraft(draftName(key));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage is read after mount, once, so that server and client render alike
    if (isValid(stored)) set(stored);
  }, [key, keep, isValid, set]);
  // An item that can no longer be answered keeps no draft.
  useEffect(() => {
    if (!keep) sessionDraft(draftName(key), null);
  }, [key, keep]);
  return [draft, set];
}

/**
 * Sends an item's answers. A failure shows in the item's state (failed, expired); a refusal that
 * leaves the item as it was, because the run is busy with another request, is said where errors go
 * (`notice`), as a prompt says it, until the next answer or edit (`clearNotice`). `beforeSend` runs
 * as each answer goes out.
 */
export function useItemAnswer(busy: string, beforeSend: () => void) {
  const [notice, setNotice] = useState<string>();
  const send = (answer: () => Promise<void>) => {
    beforeSend();
    setNotice(undefined);
    answer().catch((rejection: unknown) => {
      if (rejection instanceof RequestError && rejection.code === 'busy') setNotice(busy);
    });
  };
  return { notice, send, clearNotice: () => setNotice(undefined) };
}
