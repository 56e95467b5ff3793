import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ItemStory, StatesGrid, bookTrip, editableTrip, type StateCell } from './storyRun.tsx';
import { EditableToolApproval } from './EditableToolApproval.tsx';
import { ToolApproval } from './ToolApproval.tsx';
import type { ItemRun } from './itemState.ts';
import type { PromptState } from '@ask-user-kit/core';

/**
 * `<ToolApproval>` in each state. Each story rests in the state it is named after; one that moves
 * to another state is named "… then X". The a11y check runs on every story.
 */
const meta = {
  title: 'Items/ToolApproval',
  component: ItemStory,
  args: { item: bookTrip, state: 'ready', view: (run) => <ToolApproval run={run} item={bookTrip} /> },
  argTypes: { item: { control: false }, view: { control: false } },
  decorators: [
    // An item sits in a column as wide as a chat's; a full-screen story (the states) has the page.
    (Story, { parameters }) =>
      parameters.layout === 'fullscreen' ? (
        <Story />
      ) : (
        <div style={{ maxWidth: '34rem' }}>
          <Story />
        </div>
      ),
  ],
} satisfies Meta<typeof ItemStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const root = (canvasElement: HTMLElement) => canvasElement.querySelector('form[data-kind="approval"]')!;
const expectState = (canvasElement: HTMLElement, state: PromptState) =>
  expect(root(canvasElement)).toHaveAttribute('data-state', state);

export const Ready: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expectState(canvasElement, 'ready');
    await expect(canvas.getByText('Lisbon')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Approve' })).toBeEnabled();
    await expect(canvas.getByRole('textbox', { name: /Reason/ })).toBeEnabled();
  },
};

export const ReadyThenSubmitting: Story = {
  name: 'Ready then submitting',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    expectState(canvasElement, 'submitting');
    // The button that sent says so, as a prompt's does.
    await expect(canvas.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Decline' })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: {
    state: 'failed',
    answer: { type: 'approve' },
    error: { code: 'network', message: 'The server could not be reached.' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expectState(canvasElement, 'failed');
    // Where errors go, in the prompt's words; no assertive alert (the live region speaks politely).
    await expect(canvasElement.querySelector('[data-part=error]')).toHaveTextContent(
      'Your answer could not be sent: The server could not be reached.',
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

export const FailedThenRetrying: Story = {
  name: 'Failed then submitting (Retry)',
  args: Failed.args,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    expectState(canvasElement, 'submitting');
  },
};

export const Approved: Story = {
  args: { state: 'answered', answer: { type: 'approve' } },
  play: async ({ canvasElement }) => {
    expectState(canvasElement, 'answered');
    await expect(root(canvasElement)).toHaveTextContent('Approved.');
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

export const Declined: Story = {
  args: { state: 'answered', answer: { type: 'decline', reason: 'Too expensive' } },
  play: async ({ canvasElement }) => {
    await expect(root(canvasElement)).toHaveTextContent('Declined: Too expensive');
  },
};

export const AnsweredElsewhere: Story = {
  args: { state: 'answered-elsewhere' },
  play: async ({ canvasElement }) => {
    expectState(canvasElement, 'answered-elsewhere');
    await expect(root(canvasElement)).toHaveTextContent(
      'This request was answered in another window or device.',
    );
  },
};

export const Expired: Story = {
  args: { state: 'expired' },
  play: async ({ canvasElement }) => {
    expectState(canvasElement, 'expired');
    await expect(root(canvasElement)).toHaveTextContent('This request is no longer open.');
  },
};

const editable = {
  item: editableTrip,
  view: (run: ItemRun) => <EditableToolApproval run={run} item={editableTrip} />,
};

export const Editing: Story = {
  name: 'Editing the arguments, an invalid value refused',
  args: editable,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit' }));
    const nights = canvas.getByRole('spinbutton', { name: 'Nights' });
    await expect(canvas.getByRole('textbox', { name: 'Destination' })).toHaveFocus();
    await expect(nights).toHaveValue(3);
    await userEvent.clear(nights);
    await userEvent.type(nights, '2.5');
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    expectState(canvasElement, 'ready');
    await expect(nights).toHaveAttribute('aria-invalid', 'true');
    await expect(nights).toHaveFocus();
    await expect(root(canvasElement)).toHaveTextContent('1 field needs attention.');
    await expect(canvas.getByRole('button', { name: 'Undo changes' })).toBeEnabled();
  },
};

export const ApprovedWithChanges: Story = {
  args: {
    ...editable,
    state: 'answered',
    answer: { type: 'approve', editedArgs: { destination: 'Lisbon', nights: 4, total: 840 } },
  },
  play: async ({ canvasElement }) => {
    expectState(canvasElement, 'answered');
    await expect(root(canvasElement)).toHaveTextContent('Approved with changes.');
    await expect(root(canvasElement)).toHaveTextContent('Nights4');
  },
};

const malformed = {
  ...bookTrip,
  kind: 'malformed' as const,
  of: 'approval' as const,
  reason: 'its arguments are not an object',
  payload: [1],
};

export const Malformed: Story = {
  args: { item: malformed, state: 'malformed', view: (run) => <ToolApproval run={run} item={malformed} /> },
  play: async ({ canvasElement }) => {
    expectState(canvasElement, 'malformed');
    await expect(within(canvasElement).getByText('This request cannot be shown.')).toBeVisible();
    await expect(within(canvasElement).getByText('its arguments are not an object')).not.toBeVisible();
  },
};

export const CompoundParts: Story = {
  name: 'Compound parts (a layout of your own) then submitting',
  args: {
    view: (run) => (
      <ToolApproval.Root run={run} item={bookTrip}>
        <ToolApproval.Title>Book this trip?</ToolApproval.Title>
        <ToolApproval.Arguments />
        <ToolApproval.Actions>
          <ToolApproval.Approve>Book it</ToolApproval.Approve>
          <ToolApproval.Decline>Not now</ToolApproval.Decline>
        </ToolApproval.Actions>
        <ToolApproval.Status />
      </ToolApproval.Root>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('form', { name: 'Book this trip?' })).toBeInTheDocument();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Book it' }));
    expectState(canvasElement, 'submitting');
    await expect(canvas.getByRole('button', { name: 'Not now' })).toBeDisabled();
    await expect(canvas.getByRole('status')).toHaveTextContent('Sending your answer…');
  },
};

const networkError = { code: 'network', message: 'The server could not be reached.' } as const;
const approvalStates: StateCell[] = [
  { name: 'Ready', state: 'ready' },
  { name: 'Submitting', state: 'submitting', answer: { type: 'approve' } },
  { name: 'Failed', state: 'failed', answer: { type: 'approve' }, error: networkError },
  { name: 'Approved', state: 'answered', answer: { type: 'approve' } },
  { name: 'Declined', state: 'answered', answer: { type: 'decline', reason: 'Too expensive' } },
  { name: 'Answered elsewhere', state: 'answered-elsewhere' },
  { name: 'Expired', state: 'expired' },
  { name: 'Malformed', state: 'malformed', item: malformed },
];

/** Every state side by side: the screenshot of the component's look (docs/screenshots). */
export const States: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => (
    <StatesGrid
      item={bookTrip}
      cells={approvalStates}
      view={(run, item, labelledBy) => <ToolApproval run={run} item={item} aria-labelledby={labelledBy} />}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('form[data-kind="approval"]')).toHaveLength(
      approvalStates.length,
    );
  },
};
