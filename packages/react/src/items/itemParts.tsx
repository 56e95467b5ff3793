import type { ItemEntry, PromptState, SuspensionItem } from '@ask-user-kit/core';
import {
  createContext,
  forwardRef,
  useContext,
  type ComponentPropsWithoutRef,
  type ComponentType,
  type Context,
  type ReactNode,
  type RefAttributes,
} from 'react';
import { stateMessage, useAnnouncement, type StateLabels } from '../internal/announcement.ts';
import { takesAnswer } from '../internal/lifecycle.ts';
import { submitButtonProps } from '../internal/parts.ts';
import { visuallyHidden } from '../internal/primitive.ts';
import { Details } from '../internal/Details.tsx';
import { TimeLeft as TimeLeftView } from '../internal/TimeLeft.tsx';

export type ItemKind = 'approval' | 'form';

/**
 * The documented data attributes of an item's part, which the app's props may replace: a prompt's,
 * `data-disabled` included (while sending, as a prompt's controls are).
 */
export function itemAttributes(part: string, kind: ItemKind, state: ItemEntry['state']) {
  return {
    'data-scope': 'ask-user',
    'data-part': part,
    'data-kind': kind,
    'data-state': state,
    'data-disabled': state === 'submitting' ? '' : undefined,
  };
}

/** A part's context (`user` names the part in the error); outside its root, a clear error. */
export function usePartContext<T>(context: Context<T | null>, user: string, root: string): T {
  const value = useContext(context);
  if (!value) throw new Error(`${user} must be inside ${root}.`);
  return value;
}

/** A context named for React DevTools (in development builds). */
export function namedContext<T>(name: string): Context<T | null> {
  const context = createContext<T | null>(null);
  if (process.env.NODE_ENV !== 'production') context.displayName = name;
  return context;
}

// What <ToolApproval> and <ResumeForm> share: the root's <form> and the parts that show where the
// item is (Retry, Error, Answer, Status), read from either one's context.

/** What an approval's and a form's context share: what the shared parts read. */
export interface ItemPartsContextValue {
  state: PromptState;
  /** The answer sent, once there is one. */
  answer: ItemEntry['answer'];
  labels: { retry: string; submitting: string; details: string; expiresIn: (minutes: number) => string };
  /** When the item stops taking answers (milliseconds since 1970), if it does. */
  expiresAt: number | undefined;
  /** The controls show: a well-formed item that takes an answer or is being sent. */
  showControls: boolean;
  /** What `.Answer` shows once answered: the outcome of the answer sent. */
  outcome: string | undefined;
  /** What `.Error` shows: why the item cannot be shown, why its answer failed or was refused, or why it no longer waits. */
  message: string | undefined;
  /** What is wrong with a malformed item, for developers: `.Error` shows it under "Details". */
  details: string | undefined;
  /** What `.Status` announces (a new item, sending, the outcome, the failure), politely. */
  announcement: string;
  ids: { title: string; error: string };
}

/**
 * The part of an item's context that the shared parts read (see `ItemPartsContextValue`, labels
 * and ids aside): its state and answer, whether its controls show, and what `.Answer`, `.Error` and
 * `.Status` say, in the words and by the rules of a prompt's (`stateMessage`, `useAnnouncement`).
 * `question` is its title, `outcome` what `.Answer` shows once answered, `refusal` why the last
 * submit was refused (said while it is ready).
 */
export function useItemPartsValue(
  { item, entry, showControls }: { item: SuspensionItem; entry: ItemEntry; showControls: boolean },
  labels: StateLabels & { malformed: string },
  question: string,
  outcome: string | undefined,
  refusal: string | undefined,
) {
  const message =
    item.kind === 'malformed'
      ? labels.malformed
      : (stateMessage(entry.state, entry.error, labels) ?? refusal);
  const announcement = useAnnouncement({
    state: entry.state,
    question,
    message,
    labels: { newQuestion: labels.newQuestion, sending: labels.sending, sent: outcome ?? '' },
  });
  const details = item.kind === 'malformed' ? item.reason : undefined;
  const { state, answer } = entry;
  return { state, answer, showControls, outcome, message, details, announcement };
}

/**
 * The ready component (`<ToolApproval>`, `<ResumeForm>`): its root, keyed by the item so that a
 * new item starts afresh, with the default layout unless the app gives parts of its own.
 */
export function itemComponent<Props extends { item: SuspensionItem; children?: ReactNode }>(
  Root: ComponentType<Props & RefAttributes<HTMLFormElement>>,
  DefaultLayout: ComponentType,
) {
  return forwardRef<HTMLFormElement, Props>(function Item(props, ref) {
    // forwardRef's props lose their generic type: they are the Props given.
    const rootProps = { ...props, children: props.children ?? <DefaultLayout /> } as Props;
    return <Root key={props.item.key} ref={ref} {...rootProps} />;
  });
}

export type ItemButtonProps = ComponentPropsWithoutRef<'button'>;
export type ItemTextProps = ComponentPropsWithoutRef<'p'>;
export type ItemStatusProps = ComponentPropsWithoutRef<'div'>;

/** A button's label: "Sending…" on the one that sent the answer while it is on its way (a decline on Decline). */
export function buttonLabel(value: ItemPartsContextValue, decline: boolean, label: string): string {
  const declined = value.answer?.type === 'decline' || value.answer?.type === 'cancel';
  const sentByThis = declined === decline;
  return value.state === 'submitting' && sentByThis ? value.labels.submitting : label;
}

/**
 * The parts every item has, named for its component (`name`, e.g. `ToolApproval`) and reading its
 * context: Retry, Error, Answer and Status look and behave the same in approvals and forms.
 */
export function itemStatusParts<Value extends ItemPartsContextValue>(
  context: Context<Value | null>,
  kind: ItemKind,
  name: string,
  /** The item's own submit button (`Approve`, `Submit`) and its label. */
  send: { part: string; label: (labels: Value['labels']) => string },
  /** The item's title: the form's name. */
  title: (value: Value) => string,
  /** What `.Answer` shows under the outcome (a form's values sent). */
  sent: (value: Value) => ReactNode = () => null,
) {
  const use = (part: string) => usePartContext(context, `<${name}.${part}>`, `<${name}> or <${name}.Root>`);

  /** The item's title, the `<form>`'s name. */
  const Title = forwardRef<HTMLParagraphElement, ItemTextProps>(function Title(props, ref) {
    const value = use('Title');
    return (
      <p {...itemAttributes('question', kind, value.state)} id={value.ids.title} {...props} ref={ref}>
        {props.children ?? title(value)}
      </p>
    );
  });

  /** Answers (the form's submit button); disabled while sending. Not shown after a failure: `.Retry` is. */
  const Send = forwardRef<HTMLButtonElement, ItemButtonProps>(function Send(props, ref) {
    const value = use(send.part);
    const { state, showControls } = value;
    if (!showControls || state === 'failed') return null;
    return (
      <button
        {...submitButtonProps(itemAttributes('submit', kind, state), props, !takesAnswer(state), false)}
        ref={ref}
      >
        {props.children ?? buttonLabel(value, false, send.label(value.labels))}
      </button>
    );
  });

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

  /**
   * Why the item cannot be shown (malformed: what is wrong folded under "Details"), or why its
   * answer failed, or why it no longer waits. Focusable from script: focus moves here when the item
   * ends without an outcome.
   */
  const ErrorMessage = forwardRef<HTMLDivElement, ItemStatusProps>(function ErrorMessage(props, ref) {
    const { state, message, details, labels, ids } = use('Error');
    const children = props.children ?? message;
    if (!children) return null;
    return (
      <div {...itemAttributes('error', kind, state)} id={ids.error} tabIndex={-1} {...props} ref={ref}>
        {children}
        {details && <Details summary={labels.details}>{details}</Details>}
      </div>
    );
  });

  /** The outcome, once there is one, and what was sent. Focusable from script: focus moves here once answered. */
  const Answer = forwardRef<HTMLDivElement, ItemStatusProps>(function Answer(props, ref) {
    const value = use('Answer');
    if (!value.outcome) return null;
    return (
      <div {...itemAttributes('answer', kind, value.state)} tabIndex={-1} {...props} ref={ref}>
        {props.children ?? (
          <>
            {value.outcome}
            {sent(value)}
          </>
        )}
      </div>
    );
  });

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

  /** How long the item still takes answers, in words; said politely at 5 minutes and 1 minute left. */
  const TimeLeft = forwardRef<HTMLParagraphElement, ItemTextProps>(function TimeLeft(props, ref) {
    const { state, expiresAt, labels } = use('TimeLeft');
    const attributes = itemAttributes('time-left', kind, state);
    const words = { state, expiresAt, expiresIn: labels.expiresIn };
    return <TimeLeftView attributes={attributes} {...words} {...props} ref={ref} />;
  });

  return { Title, Send, Retry, ErrorMessage, Answer, Status, TimeLeft };
}
