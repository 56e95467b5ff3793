import type { ItemEntry, PromptState, SuspensionItem } from '@ask-user-kit/core';
import {
  createContext,
  forwardRef,
  useContext,
  useEffect,
  useImperativeHandle,
  useRef,
  type ComponentPropsWithoutRef,
  type Context,
  type ForwardedRef,
  type RefObject,
} from 'react';
import { stateMessage, useAnnouncement, type StateLabels } from '../internal/announcement.ts';
import { takesAnswer } from '../internal/lifecycle.ts';
import { submitButtonProps } from '../internal/parts.ts';
import { visuallyHidden } from '../internal/primitive.ts';
import { useItemEntry, type ItemRun } from './itemState.ts';

/** The documented data attributes of an item's part, which the app's props may replace. */
export function itemAttributes(part: string, kind: 'approval' | 'form', state: ItemEntry['state']) {
  return { 'data-scope': 'ask-user', 'data-part': part, 'data-kind': kind, 'data-state': state };
}

/** A part's context (`user` names the part in the error); outside its root, a clear error. */
export function usePartContext<T>(context: Context<T | null>, user: string, root: string): T {
  const value = useContext(context);
  if (!value) throw new Error(`${user} must be inside ${root}.`);
  return value;
}

/** A context named for React DevTools. */
export function namedContext<T>(name: string): Context<T | null> {
  const context = createContext<T | null>(null);
  context.displayName = name;
  return context;
}

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
 * to `<body>`, or it is still inside the item): after a failure, to Retry; once answered, to the
 * first control of the next open item or prompt if there is one, else to the item's outcome
 * (`.Answer`) or, without one, its form; and an item that arrives later, open, takes focus from
 * there. Focus the user moved elsewhere meanwhile is left alone.
 */
export function useItemFocus(root: RefObject<HTMLFormElement | null>, state: ItemEntry['state']) {
  const sent = useRef(false);
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
      form.querySelector<HTMLElement>('[data-part=submit]:enabled')?.focus();
      return;
    }
    const next = nextOpenRoot(form)?.querySelector<HTMLElement>(CONTROL);
    const outcome = form.querySelector<HTMLElement>('[data-part=answer]') ?? form;
    (next ?? outcome).focus({ preventScroll: !next });
  }, [root, state]);
}

// What <ToolApproval> and <ResumeForm> share: the root's <form> and the parts that show where the
// item is (Retry, Error, Answer, Status), read from either one's context.

export type ItemKind = 'approval' | 'form';

/** The part of an item's context the shared parts read. */
export interface ItemPartsContextValue {
  state: PromptState;
  labels: { retry: string };
  /** What `.Answer` shows. */
  outcome: string | undefined;
  /** What `.Error` shows. */
  message: string | undefined;
  /** What `.Status` announces. */
  announcement: string;
  ids: { title: string; error: string };
}

/**
 * What an item's `.Error` and `.Status` say, in the words and by the rules of a prompt's
 * (`stateMessage`, `useAnnouncement`): `question` is its title, `outcome` what `.Answer` shows once
 * answered, `refusal` why the last submit was refused (said while it is ready).
 */
export function useItemWords(
  item: SuspensionItem,
  entry: ItemEntry,
  labels: StateLabels & { malformed: (reason: string) => string },
  question: string,
  outcome: string | undefined,
  refusal?: string,
) {
  const message =
    item.kind === 'malformed'
      ? labels.malformed(item.reason)
      : (stateMessage(entry.state, entry.error, labels) ?? refusal);
  const announcement = useAnnouncement({
    state: entry.state,
    question,
    message,
    labels: { newQuestion: labels.newQuestion, sending: labels.sending, sent: outcome ?? '' },
  });
  return { message, announcement };
}

/** The item's entry in the run, and the ref its `<form>` and the app share (focus moves through it). */
export function useItemRoot(run: ItemRun, item: SuspensionItem, forwardedRef: ForwardedRef<HTMLFormElement>) {
  const entry: ItemEntry = useItemEntry(run, item);
  const rootRef = useRef<HTMLFormElement | null>(null);
  // Our ref and the app's on the one form.
  useImperativeHandle(forwardedRef, () => rootRef.current as HTMLFormElement, []);
  useItemFocus(rootRef, entry.state);
  return { entry, rootRef };
}

/** The attributes of the item's `<form>`, named by its title, before the app's props. */
export const itemFormAttributes = (kind: ItemKind, state: PromptState, titleId: string) => ({
  ...itemAttributes('root', kind, state),
  'aria-labelledby': titleId,
  'aria-busy': state === 'submitting' || undefined,
  tabIndex: takesAnswer(state) ? undefined : -1,
});

export type ItemButtonProps = ComponentPropsWithoutRef<'button'>;
export type ItemTextProps = ComponentPropsWithoutRef<'p'>;
export type ItemStatusProps = ComponentPropsWithoutRef<'div'>;

/**
 * The parts every item has, named for its component (`name`, e.g. `ToolApproval`) and reading its
 * context: Retry, Error, Answer and Status look and behave the same in approvals and forms.
 */
export function itemStatusParts<Value extends ItemPartsContextValue>(
  context: Context<Value | null>,
  kind: ItemKind,
  name: string,
) {
  const use = (part: string) => usePartContext(context, `<${name}.${part}>`, `<${name}> or <${name}.Root>`);

  /** After a failure only: sends the same answer again (the form's submit button, described by `.Error`). */
  const Retry = forwardRef<HTMLButtonElement, ItemButtonProps>(function Retry(props, ref) {
    const { state, labels, ids } = use('Retry');
    if (state !== 'failed') return null;
    return (
      <button
        {...submitButtonProps(itemAttributes('submit', kind, state), props, false, ids.error)}
        ref={ref}
      >
        {props.children ?? labels.retry}
      </button>
    );
  });
  Retry.displayName = `${name}.Retry`;

  /** Why the item cannot be shown (malformed), or why its answer failed, or why it no longer waits. */
  const ErrorMessage = forwardRef<HTMLParagraphElement, ItemTextProps>(function ErrorMessage(props, ref) {
    const { state, message, ids } = use('Error');
    const children = props.children ?? message;
    if (!children) return null;
    return (
      <p {...itemAttributes('error', kind, state)} id={ids.error} {...props} ref={ref}>
        {children}
      </p>
    );
  });
  ErrorMessage.displayName = `${name}.Error`;

  /** The outcome, once there is one. Focusable from script: focus moves here once answered. */
  const Answer = forwardRef<HTMLParagraphElement, ItemTextProps>(function Answer(props, ref) {
    const { state, outcome } = use('Answer');
    if (!outcome) return null;
    return (
      <p {...itemAttributes('answer', kind, state)} tabIndex={-1} {...props} ref={ref}>
        {props.children ?? outcome}
      </p>
    );
  });
  Answer.displayName = `${name}.Answer`;

  /** A polite live region (visually hidden by default). Keep it in layouts of your own. */
  const Status = forwardRef<HTMLDivElement, ItemStatusProps>(function Status(props, ref) {
    const { state, announcement } = use('Status');
    return (
      <div
        {...itemAttributes('status', kind, state)}
        role="status"
        style={visuallyHidden}
        {...props}
        ref={ref}
      >
        {props.children ?? announcement}
      </div>
    );
  });
  Status.displayName = `${name}.Status`;

  return { Retry, ErrorMessage, Answer, Status };
}
