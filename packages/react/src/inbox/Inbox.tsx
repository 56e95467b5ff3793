'use client';
import { forwardRef } from 'react';
import { Answer, type InboxAnswerProps } from './InboxAnswer.tsx';
import { AgentFilter, KindFilter } from './InboxFilter.tsx';
import {
  Empty,
  ErrorMessage,
  Item,
  List,
  Loading,
  More,
  Root,
  ThreadLink,
  Trigger,
  itemKey,
  type InboxRootProps,
} from './inboxParts.tsx';

/**
 * `<Inbox>`'s props: the inbox to show (`useInbox`'s result), each item's thread link, its words,
 * and the item kinds it answers inline.
 */
export interface InboxProps extends InboxRootProps {
  /** The item kinds to answer inline (`forms.withResumeSchemas(…)` for forms). Default: approvals and forms. */
  items?: InboxAnswerProps['items'];
}

/** Every part in its place: filters, the states, the list with each item's answer and thread link, "Show older". */
const DefaultInbox = forwardRef<HTMLElement, InboxProps>(function Inbox({ items, children, ...props }, ref) {
  return (
    <Root ref={ref} {...props}>
      {children ?? (
        <>
          <AgentFilter />
          <KindFilter />
          <Loading />
          <ErrorMessage />
          <Empty />
          <List>
            {props.inbox.items.map((item) => (
              <Item key={itemKey(item)} item={item}>
                <Trigger />
                <ThreadLink />
                <Answer items={items} />
              </Item>
            ))}
          </List>
          <More />
        </>
      )}
    </Root>
  );
});

/**
 * The user's inbox (`useInbox`): every question, approval and form their runs wait on, newest
 * first, each with its agent, thread, age and excerpt. An item's button shows its answer inline
 * (the kit's own components, exactly once through the server's guard); `threadHref` links to its
 * thread. Arrow keys, Home and End move between items. Give it children (its parts) for a layout of your own.
 * @example
 * const inbox = useInbox({ baseUrl: '' });
 * <Inbox inbox={inbox} threadHref={(item) => `#/chat/${item.thread}`} />
 * @example
 * <Inbox.Root inbox={inbox}>
 *   <Inbox.Loading />
 *   <Inbox.Empty />
 *   <Inbox.List>
 *     {inbox.items.map((item) => (
 *       <Inbox.Item key={item.runId + item.toolCallId} item={item}>
 *         <Inbox.Trigger />
 *         <Inbox.Answer />
 *       </Inbox.Item>
 *     ))}
 *   </Inbox.List>
 * </Inbox.Root>
 */
export const Inbox = Object.assign(DefaultInbox, {
  Root,
  AgentFilter,
  KindFilter,
  Loading,
  Error: ErrorMessage,
  Empty,
  List,
  Item,
  Trigger,
  ThreadLink,
  Answer,
  More,
});
