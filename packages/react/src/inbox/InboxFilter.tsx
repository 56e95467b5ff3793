'use client';
import type { InboxItem } from '@ask-user-kit/core/inbox';
import { forwardRef, type ChangeEvent, type ComponentPropsWithoutRef } from 'react';
import { composeEventHandlers } from '../internal/primitive.ts';
import { useInboxContext } from './inboxParts.tsx';

export interface InboxAgentFilterProps extends ComponentPropsWithoutRef<'select'> {
  /** The agents to offer. Default: those of the items shown. */
  agents?: readonly string[];
}

/** A `<select>` named "Agent": All, or one agent's items. */
export const AgentFilter = forwardRef<HTMLSelectElement, InboxAgentFilterProps>(function InboxAgentFilter(
  { agents, onChange, ...props },
  ref,
) {
  const { inbox, labels } = useInboxContext('<Inbox.AgentFilter>');
  const chosen = inbox.filter.agent;
  const offered = [
    ...new Set([...(agents ?? inbox.items.map((item) => item.agent)), ...(chosen ? [chosen] : [])]),
  ];
  const change = (event: ChangeEvent<HTMLSelectElement>) =>
    inbox.setFilter({ ...inbox.filter, agent: event.currentTarget.value || undefined });
  return (
    <select
      ref={ref}
      aria-label={labels.agentFilter}
      value={chosen ?? ''}
      data-scope="inbox"
      data-part="agent-filter"
      {...props}
      onChange={composeEventHandlers(onChange, change)}
    >
      <option value="">{labels.all}</option>
      {offered.map((agent) => (
        <option key={agent} value={agent}>
          {agent}
        </option>
      ))}
    </select>
  );
});

const KINDS: readonly InboxItem['kind'][] = ['prompt', 'approval', 'form'];

/** A `<select>` named "Kind": All, questions, approvals or forms. */
export const KindFilter = forwardRef<HTMLSelectElement, ComponentPropsWithoutRef<'select'>>(
  function InboxKindFilter({ onChange, ...props }, ref) {
    const { inbox, labels } = useInboxContext('<Inbox.KindFilter>');
    const change = (event: ChangeEvent<HTMLSelectElement>) => {
      const kind = KINDS.find((known) => known === event.currentTarget.value);
      inbox.setFilter({ ...inbox.filter, kind });
    };
    return (
      <select
        ref={ref}
        aria-label={labels.kindFilter}
        value={inbox.filter.kind ?? ''}
        data-scope="inbox"
        data-part="kind-filter"
        {...props}
        onChange={composeEventHandlers(onChange, change)}
      >
        <option value="">{labels.all}</option>
        {KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {labels.kinds[kind]}
          </option>
        ))}
      </select>
    );
  },
);
