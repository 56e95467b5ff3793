import type { ItemEntry } from '@ask-user-kit/core';
import { useEffect, useRef, type RefObject } from 'react';
import { outcomeOf, takesAnswer } from '../internal/lifecycle.ts';

const ROOT = '[data-scope=ask-user][data-part=root]';
const OPEN_ROOT = `${ROOT}[data-state=ready], ${ROOT}[data-state=failed]`;
const CONTROL = 'input:enabled, select:enabled, textarea:enabled, button:enabled';

/** The first open item or prompt after `root` in the page (else before it), other than `root`. */
function nextOpenRoot(root: HTMLElement): HTMLElement | undefined {
  const open = [...document.querySelectorAll<HTMLElement>(OPEN_ROOT)].filter((other) => other !== root);
  const after = open.find(
    (other) => (root.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
  );
  return after ?? open[0];
}

/**
 * Where focus goes once an answer sent from this item settles (its disabled controls dropped focus
 * to `<body>`, or it is still inside the item): after a failure, as in a prompt, back where the
 * user was when they answered (`remember()`, just before) if it is still there and enabled, else to
 * Retry; once answered, to the first control of the next open item or prompt if there is one, else
 * to the item's outcome (`.Answer`, else `.Error`: see `outcomeOf`); and an item that arrives later,
 * open, takes focus from there. Focus the user moved elsewhere meanwhile is left alone.
 */
export function useItemFocus(root: RefObject<HTMLFormElement | null>, state: ItemEntry['state']) {
  const sent = useRef(false);
  const before = useRef<HTMLElement | null>(null);
  // An item that arrives open while focus rests on an earlier item's or prompt's outcome (where the
  // effect below left it: nothing was open then) takes focus: the conversation went on to it.
  const arrivedOpen = useRef(takesAnswer(state));
  useEffect(() => {
    const form = root.current;
    if (!arrivedOpen.current || !form) return;
    const parked = document.activeElement?.closest<HTMLElement>(ROOT);
    if (!parked || parked === form || parked.matches(`${OPEN_ROOT}, ${ROOT}[data-state=submitting]`)) return;
    if ((parked.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING) === 0) return;
    form.querySelector<HTMLElement>(CONTROL)?.focus();
  }, [root]);
  useEffect(() => {
    if (state === 'submitting') {
      sent.current = true;
      return;
    }
    const form = root.current;
    if (!sent.current || !form) return;
    sent.current = false;
    const active = document.activeElement;
    if (active !== document.body && !form.contains(active)) return;
    if (takesAnswer(state)) {
      const back = before.current;
      const stillThere = back?.isConnected && !(back as HTMLInputElement).disabled;
      (stillThere ? back : form.querySelector<HTMLElement>('[data-part=submit]:enabled'))?.focus();
      return;
    }
    const next = nextOpenRoot(form)?.querySelector<HTMLElement>(CONTROL);
    const outcome = outcomeOf(form);
    (next ?? outcome).focus({ preventScroll: !next });
  }, [root, state]);
  return function remember() {
    const active = document.activeElement;
    before.current = active instanceof HTMLElement && root.current?.contains(active) ? active : null;
  };
}
