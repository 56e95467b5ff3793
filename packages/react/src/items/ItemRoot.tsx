import type { ItemEntry, PromptState, SuspensionItem } from '@ask-user-kit/core';
import {
  useImperativeHandle,
  useRef,
  type ComponentPropsWithoutRef,
  type Context,
  type ForwardedRef,
  type FormEvent,
  type RefObject,
} from 'react';
import { takesAnswer } from '../internal/lifecycle.ts';
import { itemAttributes, type ItemKind } from './itemParts.tsx';
import { useItemAnswer, useItemDraft, useItemEntry, type ItemRun } from './itemState.ts';
import { useItemFocus } from './useItemFocus.ts';

// What <ToolApproval.Root> and <ResumeForm.Root> share: how they start, and their <form>.

/** What an item's Root reads: the item, its run, and how its draft starts and is kept. */
export interface ItemRootSource<Draft> {
  /** The kind of item the Root shows: another (a malformed one) shows no controls. */
  kind: ItemKind;
  item: SuspensionItem;
  run: ItemRun;
  /** The app's ref to the Root's `<form>`. */
  forwardedRef: ForwardedRef<HTMLFormElement>;
  /** What is said where errors go when the run is busy with another request. */
  busy: string;
  /** The draft before the user changes anything. */
  initialDraft: () => Draft;
  /** Whether what sessionStorage holds is a draft of this item (it may be old or hand-edited). */
  isDraft: (value: unknown) => value is Draft;
  /** Keep the draft in sessionStorage while the item takes an answer (the Root's `persistDraft`). */
  persistDraft: boolean;
}

/**
 * How an item's Root starts: the item's entry in the run (`ready` while the run has none) and
 * whether it takes an answer; the ref its `<form>` and the app share (focus moves through it);
 * `send`, which answers through the run and says a busy refusal (`notice`); and the draft, kept in
 * sessionStorage while the item takes an answer. Changing the draft clears the notice. The
 * controls show for a well-formed item of `kind` that takes an answer or is being sent.
 */
export function useItemRoot<Draft>({
  kind,
  item,
  run,
  forwardedRef,
  busy,
  initialDraft,
  isDraft,
  persistDraft,
}: ItemRootSource<Draft>) {
  const entry: ItemEntry = useItemEntry(run, item);
  const rootRef = useRef<HTMLFormElement | null>(null);
  // Our ref and the app's on the one form.
  useImperativeHandle(forwardedRef, () => rootRef.current as HTMLFormElement, []);
  const remember = useItemFocus(rootRef, entry.state);
  const answerable = takesAnswer(entry.state);
  const { notice, send, clearNotice } = useItemAnswer(busy, remember);
  const [draft, keepDraft] = useItemDraft(item.key, initialDraft, persistDraft && answerable, isDraft);
  const setDraft = (value: Draft) => {
    clearNotice();
    keepDraft(value);
  };
  // A form's parts answer an MCP elicitation too (its form, or URL mode's link).
  const ownItem = item.kind === kind || (kind === 'form' && item.kind === 'elicitation');
  const showControls = ownItem && (answerable || entry.state === 'submitting');
  return {
    kind,
    item,
    entry,
    state: entry.state,
    answerable,
    showControls,
    rootRef,
    notice,
    send,
    draft,
    setDraft,
  };
}

export interface ItemFormProps<Value> extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit'> {
  /** What `useItemRoot` gave: the kind, and the ref the `<form>` and the app share. */
  root: { kind: ItemKind; rootRef: RefObject<HTMLFormElement | null> };
  /** The Root's context, and its value for the parts inside. */
  context: Context<Value | null>;
  value: Value & { state: PromptState; ids: { title: string } };
  onSubmit: () => void;
}

/**
 * An item's `<form>` in its Root's context, the app's props included: named by its title, the
 * browser's own validation off (the kit's speaks instead); submitting it calls `onSubmit`.
 */
export function ItemForm<Value>({
  root: { kind, rootRef },
  context,
  value,
  onSubmit,
  children,
  ...formProps
}: ItemFormProps<Value>) {
  const { state } = value;
  return (
    <context.Provider value={value}>
      <form
        {...itemAttributes('root', kind, state)}
        aria-labelledby={value.ids.title}
        aria-busy={state === 'submitting' || undefined}
        tabIndex={takesAnswer(state) ? undefined : -1}
        {...formProps}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
        ref={rootRef}
      >
        {children}
      </form>
    </context.Provider>
  );
}
