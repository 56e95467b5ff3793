import type { InboxItem } from '@ask-user-kit/core/inbox';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Inbox } from './Inbox.tsx';
import type { InboxFilter, UseInboxResult } from './useInbox.ts';

/**
 * `<Inbox>` in each state of its list, from a fixed inbox (no server): loading, empty, an error,
 * items of every kind with older ones to load, and a filter. Answering inline needs a server: the
 * browser test covers it. The a11y check runs on every story.
 */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const items: InboxItem[] = [
  {
    resource: 'user-1',
    thread: 'thread-deploy',
    threadTitle: 'Release 2.4',
    agent: 'deployer',
    runId: 'run-3',
    toolCallId: 'call_1',
    toolName: 'deploy',
    kind: 'approval',
    excerpt: 'deploy {"target":"production"}',
    call: {
      toolCallId: 'call_1',
      toolName: 'deploy',
      requiresApproval: true,
      args: { target: 'production' },
      suspendPayload: undefined,
    },
    createdAt: minutesAgo(2),
    expiresAt: undefined,
  },
  {
    resource: 'user-1',
    thread: 'thread-trip',
    threadTitle: 'Trip to Lisbon',
    agent: 'planner',
    runId: 'run-2',
    toolCallId: 'call_1',
    toolName: 'ask_user',
    kind: 'prompt',
    excerpt: 'How will you travel?',
    call: {
      toolCallId: 'call_1',
      toolName: 'ask_user',
      suspendPayload: { question: 'How will you travel?', options: [{ label: 'Train' }, { label: 'Plane' }] },
    },
    createdAt: minutesAgo(45),
    expiresAt: undefined,
  },
  {
    resource: 'user-1',
    thread: 'thread-budget',
    threadTitle: undefined,
    agent: 'concierge',
    runId: 'run-1',
    toolCallId: 'call_2',
    toolName: 'confirm_budget',
    kind: 'form',
    excerpt: 'Confirm the budget for the trip',
    call: {
      toolCallId: 'call_2',
      toolName: 'confirm_budget',
      suspendPayload: { message: 'Confirm the budget for the trip' },
    },
    createdAt: minutesAgo(60 * 26),
    expiresAt: undefined,
  },
];

interface FixedInboxProps {
  status: UseInboxResult['status'];
  items: InboxItem[];
  hasMore?: boolean;
  error?: string;
}

/** An inbox as `useInbox` gives it, fixed; its filter filters the items given. */
function FixedInbox({ status, items: given, hasMore = false, error }: FixedInboxProps) {
  const [filter, setFilter] = useState<InboxFilter>({});
  const shown = given.filter(
    (item) => (!filter.agent || item.agent === filter.agent) && (!filter.kind || item.kind === filter.kind),
  );
  const inbox: UseInboxResult = {
    status,
    items: shown,
    error,
    hasMore,
    count: given.length,
    moreThanCount: false,
    loadMore: async () => {},
    refresh: async () => {},
    keep: () => {},
    options: { baseUrl: '' },
    filter,
    setFilter,
  };
  return <Inbox inbox={inbox} threadHref={(item) => `#/threads/${item.thread}`} />;
}

const meta = {
  title: 'Inbox/Inbox',
  component: FixedInbox,
  args: { status: 'ready', items },
  argTypes: { items: { control: false } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '40rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FixedInbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', items: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading…');
  },
};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Nothing is waiting for you.')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { status: 'error', items: [], error: 'HTTP 503' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'The inbox could not be read. HTTP 503',
    );
  },
};

export const Items: Story = {
  args: { hasMore: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const triggers = canvas.getAllByRole('button', { expanded: false });
    await expect(triggers).toHaveLength(3);
    await expect(triggers[0]).toHaveAttribute('tabindex', '0');
    await expect(triggers[1]).toHaveAttribute('tabindex', '-1');
    await expect(canvas.getByRole('button', { name: 'Show older' })).toBeVisible();
  },
};

export const ItemsByKeyboard: Story = {
  name: 'Items, moved through by keyboard',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first, second, third] = canvas.getAllByRole('button', { expanded: false });
    first!.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(second).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(third).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(first).toHaveFocus();
  },
};

export const FilteredByKind: Story = {
  name: 'Filtered by kind',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Kind' }), 'Approvals');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: /deployer Release 2.4/ })).toBeVisible();
  },
};
