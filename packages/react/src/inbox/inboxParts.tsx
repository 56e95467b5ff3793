'use client';
import type { InboxItem } from '@ask-user-kit/core/inbox';
import {
  forwardRef,
  useId,
  useState,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { namedContext, usePartContext } from '../items/itemParts.tsx';
import { composeEventHandlers } from '../internal/primitive.ts';
import { defaultInboxLabels, type InboxLabels } from './inboxLabels.ts';
import type { UseInboxResult } from './useInbox.ts';

interface InboxContextValue {
  inbox: UseInboxResult;
  labels: InboxLabels;
  threadHref: ((item: InboxItem) => string | undefined) | undefined;
  /** The item whose trigger takes Tab (roving focus): the first when none was focused yet. */
  active: string | undefined;
  setActive(key: string): void;
  /** The items whose answer is shown: kept in the list until closed, so that how one ended stays in view. */
  open: ReadonlySet<string>;
  toggle(item: InboxItem): void;
}

interface ItemContextValue {
  item: InboxItem;
  key: string;
  ids: { trigger: string; answer: string };
}

const InboxContext = namedContext<InboxContextValue>('InboxContext');
const ItemContext = namedContext<ItemContextValue>('InboxItemContext');
export const useInboxContext = (user: string) => usePartContext(InboxContext, user, '<Inbox.Root>');
export const useInboxItem = (user: string) => usePartContext(ItemContext, user, '<Inbox.Item>');

export const itemKey = (item: InboxItem) => `${item.runId.length}:${item.runId}:${item.toolCallId}`;
const attributes = (part: string, extra: Record<string, string | undefined> = {}) => ({
  'data-scope': 'inbox',
  'data-part': part,
  ...extra,
});

export interface InboxRootProps extends ComponentPropsWithoutRef<'section'> {
  inbox: UseInboxResult;
  /** A link to the item's thread in the app (`undefined`: no link for this item). */
  threadHref?: (item: InboxItem) => string | undefined;
  labels?: Partial<InboxLabels>;
}

/** A `<section>` named "Inbox": holds the inbox, which items are open, and which takes focus. */
export const Root = forwardRef<HTMLElement, InboxRootProps>(function InboxRoot(
  { inbox, threadHref, labels, children, ...props },
  ref,
) {
  const [active, setActive] = useState<string>();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const words = { ...defaultInboxLabels, ...labels };
  const shown = inbox.items.some((item) => itemKey(item) === active)
    ? active
    : inbox.items[0] && itemKey(inbox.items[0]);
  const toggle = (item: InboxItem) => {
    const key = itemKey(item);
    inbox.keep(item, !open.has(key));
    setOpen((before) => {
      const after = new Set(before);
      if (!after.delete(key)) after.add(key);
      return after;
    });
  };
  const value = { inbox, labels: words, threadHref, active: shown, setActive, open, toggle };
  return (
    <InboxContext.Provider value={value}>
      <section
        ref={ref}
        aria-label={words.title}
        {...attributes('root', { 'data-state': inbox.status })}
        {...props}
      >
        {children}
      </section>
    </InboxContext.Provider>
  );
});

const ROVING_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => Math.min(index + 1, count - 1),
  ArrowUp: (index) => Math.max(index - 1, 0),
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** The `<ul>` of items. Arrow keys, Home and End move between the items' triggers; Tab leaves the list. */
export const List = forwardRef<HTMLUListElement, ComponentPropsWithoutRef<'ul'>>(function InboxList(
  { onKeyDown, ...props },
  ref,
) {
  const { inbox, labels } = useInboxContext('<Inbox.List>');
  const move = (event: KeyboardEvent<HTMLUListElement>) => {
    const step = ROVING_KEYS[event.key];
    const triggers = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[data-part="trigger"]')];
    const from = triggers.indexOf(event.target as HTMLButtonElement);
    if (!step || from < 0) return;
    event.preventDefault();
    triggers[step(from, triggers.length)]?.focus();
  };
  if (inbox.items.length === 0) return null;
  return (
    <ul
      ref={ref}
      aria-label={labels.list}
      {...attributes('list')}
      {...props}
      onKeyDown={composeEventHandlers(onKeyDown, move)}
    />
  );
});

export interface InboxItemProps extends ComponentPropsWithoutRef<'li'> {
  item: InboxItem;
}

/** One item's `<li>`: `data-kind` (`prompt`, `approval`, `form`), `data-state` `open` or `closed`. */
export const Item = forwardRef<HTMLLIElement, InboxItemProps>(function InboxItem({ item, ...props }, ref) {
  const { open } = useInboxContext('<Inbox.Item>');
  const key = itemKey(item);
  const id = useId();
  const ids = { trigger: `${id}-trigger`, answer: `${id}-answer` };
  const state = open.has(key) ? 'open' : 'closed';
  return (
    <ItemContext.Provider value={{ item, key, ids }}>
      <li ref={ref} {...attributes('item', { 'data-kind': item.kind, 'data-state': state })} {...props} />
    </ItemContext.Provider>
  );
});

/** How long ago, in the page's language: "5 minutes ago". */
export function age(createdAt: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(createdAt) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units)
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(seconds, 'second');
}

/**
 * The item's `<button>`: its agent, thread, age and excerpt (its children replace them); shows or
 * hides the answer (`aria-expanded`). Only the active item's trigger is in the Tab order.
 */
export const Trigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(
  function InboxTrigger({ onClick, onFocus, children, ...props }, ref) {
    const { active, setActive, open, toggle, labels } = useInboxContext('<Inbox.Trigger>');
    const { item, key, ids } = useInboxItem('<Inbox.Trigger>');
    const expanded = open.has(key);
    return (
      <button
        ref={ref}
        type="button"
        id={ids.trigger}
        aria-expanded={expanded}
        aria-controls={expanded ? ids.answer : undefined}
        tabIndex={active === key ? 0 : -1}
        {...attributes('trigger')}
        {...props}
        onFocus={composeEventHandlers(onFocus, () => setActive(key))}
        onClick={composeEventHandlers(onClick, () => toggle(item))}
      >
        {children ?? (
          <>
            <span data-scope="inbox" data-part="agent">
              {item.agent}
            </span>{' '}
            <span data-scope="inbox" data-part="thread">
              {item.threadTitle ?? item.thread ?? labels.noThread}
            </span>{' '}
            <time data-scope="inbox" data-part="age" dateTime={item.createdAt}>
              {age(item.createdAt)}
            </time>{' '}
            <span data-scope="inbox" data-part="excerpt">
              {item.excerpt}
            </span>
          </>
        )}
      </button>
    );
  },
);

/** The app's link to the item's thread (`threadHref`); nothing when it gives none. */
export const ThreadLink = forwardRef<HTMLAnchorElement, ComponentPropsWithoutRef<'a'>>(
  function InboxThreadLink({ children, ...props }, ref) {
    const { threadHref, labels } = useInboxContext('<Inbox.ThreadLink>');
    const { item } = useInboxItem('<Inbox.ThreadLink>');
    const href = threadHref?.(item);
    if (!href) return null;
    return (
      <a ref={ref} href={href} {...attributes('thread-link')} {...props}>
        {children ?? labels.openThread}
      </a>
    );
  },
);

type ParagraphProps = ComponentPropsWithoutRef<'p'>;

/** A part shown in one state of the inbox only. */
function statePart(
  name: string,
  part: string,
  shows: (inbox: UseInboxResult) => boolean,
  say: (labels: InboxLabels, inbox: UseInboxResult) => ReactNode,
  role?: 'status' | 'alert',
) {
  const Part = forwardRef<HTMLParagraphElement, ParagraphProps>(function InboxStatePart(
    { children, ...props },
    ref,
  ) {
    const { inbox, labels } = useInboxContext(`<Inbox.${name}>`);
    if (!shows(inbox)) return null;
    return (
      <p ref={ref} role={role} {...attributes(part)} {...props}>
        {children ?? say(labels, inbox)}
      </p>
    );
  });
  Part.displayName = `Inbox.${name}`;
  return Part;
}

/** "Nothing is waiting for you." once read, with no item. */
export const Empty = statePart(
  'Empty',
  'empty',
  (inbox) => inbox.status === 'ready' && inbox.items.length === 0,
  (labels) => labels.empty,
);
/** "Loading…" until the first read. */
export const Loading = statePart(
  'Loading',
  'loading',
  (inbox) => inbox.status === 'loading',
  (labels) => labels.loading,
  'status',
);
/** Why the last read failed (an alert); the items read before stay. */
export const ErrorMessage = statePart(
  'Error',
  'error',
  (inbox) => inbox.status === 'error',
  (labels, inbox) => `${labels.error} ${inbox.error ?? ''}`.trim(),
  'alert',
);

/** "Show older" while there are older items. */
export const More = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(function InboxMore(
  { onClick, children, ...props },
  ref,
) {
  const { inbox, labels } = useInboxContext('<Inbox.More>');
  if (!inbox.hasMore) return null;
  return (
    <button
      ref={ref}
      type="button"
      {...attributes('more')}
      {...props}
      onClick={composeEventHandlers(onClick, () => void inbox.loadMore())}
    >
      {children ?? labels.more}
    </button>
  );
});
