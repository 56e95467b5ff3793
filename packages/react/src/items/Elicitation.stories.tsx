import type { SuspensionItem } from '@ask-user-kit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ResumeForm } from './ResumeForm.tsx';
import { ItemStory, StatesGrid, elicitationItem, type StateCell } from './storyRun.tsx';

/**
 * `<ResumeForm>` answering an MCP server's request (elicitation): one story per field type of
 * MCP's restricted schema (2025-11-25), URL mode, and each answer's outcome. The server's name
 * is shown in every one. The a11y check runs on every story.
 */
const view = (item: SuspensionItem) => ({
  item,
  view: (run: Parameters<typeof ResumeForm>[0]['run']) => <ResumeForm run={run} item={item} />,
});
const asking = (message: string, properties: Record<string, unknown>, required: string[] = []) =>
  view(elicitationItem({ mode: 'form', message, requestedSchema: { type: 'object', properties, required } }));

const booking = elicitationItem({
  mode: 'form',
  message: 'Booking details for Chez Nous',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 2 },
      email: { type: 'string', title: 'E-mail', format: 'email' },
      guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 8, default: 2 },
    },
    required: ['name', 'email', 'guests'],
  },
});
const deposit = elicitationItem({
  mode: 'url',
  message: 'Pay the deposit for booking B-42',
  url: 'https://payments.example.com/deposit/42',
});

const meta = {
  title: 'Items/Elicitation',
  component: ItemStory,
  args: { ...view(booking), state: 'ready' },
  argTypes: { item: { control: false }, view: { control: false } },
  decorators: [
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

const expectRequester = (canvasElement: HTMLElement) =>
  expect(within(canvasElement).getByText('Asked by the MCP server “bookings”')).toBeVisible();

export const Ready: Story = {
  play: async ({ canvasElement }) => {
    await expectRequester(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('form', { name: 'Booking details for Chez Nous' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Decline' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};

export const InvalidByKeyboard: Story = {
  name: 'Invalid (by keyboard), then nothing sent',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Name' }));
    await userEvent.keyboard('A');
    await userEvent.tab();
    await userEvent.keyboard('ada at example{Enter}');
    const email = canvas.getByRole('textbox', { name: 'E-mail' });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Enter an e-mail address.');
    await expect(canvas.getByRole('form')).toHaveAttribute('data-state', 'ready');
  },
};

export const UrlMode: Story = {
  name: 'URL mode: a link, never a form',
  args: { ...view(deposit) },
  play: async ({ canvasElement }) => {
    await expectRequester(canvasElement);
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: 'Open payments.example.com' });
    await expect(link).toHaveAttribute('href', 'https://payments.example.com/deposit/42');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(canvas.getByText('https://payments.example.com/deposit/42')).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Send' })).toBeNull();
  },
};

export const FieldTextFormats: Story = {
  name: 'Field: text (minLength, maxLength, format email, uri, date, date-time)',
  args: {
    ...asking(
      'Your details',
      {
        name: { type: 'string', title: 'Name', minLength: 2, maxLength: 40 },
        email: { type: 'string', title: 'E-mail', format: 'email' },
        site: { type: 'string', title: 'Website', format: 'uri' },
        day: { type: 'string', title: 'Day', format: 'date' },
        arrival: { type: 'string', title: 'Arrival', format: 'date-time' },
      },
      ['name', 'email'],
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('type', 'email');
    await expect(canvas.getByRole('textbox', { name: /Website/ })).toHaveAttribute('type', 'url');
    await expect(canvas.getByLabelText(/Day/)).toHaveAttribute('type', 'date');
    await expect(canvas.getByLabelText(/Arrival/)).toHaveAttribute('type', 'datetime-local');
  },
};

export const FieldNumbers: Story = {
  name: 'Field: number and integer (minimum, maximum, default)',
  args: {
    ...asking('How many?', {
      guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 8, default: 2 },
      budget: { type: 'number', title: 'Budget', minimum: 0 },
    }),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('spinbutton', { name: /Guests/ })).toHaveValue(2);
  },
};

export const FieldBoolean: Story = {
  name: 'Field: boolean (default)',
  args: { ...asking('Outside?', { terrace: { type: 'boolean', title: 'On the terrace', default: true } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox', { name: 'On the terrace' })).toBeChecked();
  },
};

export const FieldSingleChoice: Story = {
  name: 'Field: one choice (enum, enum + enumNames, oneOf const/title)',
  args: {
    ...asking('Where to sit?', {
      room: { type: 'string', title: 'Room', enum: ['main', 'garden'], default: 'garden' },
      menu: { type: 'string', title: 'Menu', enum: ['set', 'carte'], enumNames: ['Set menu', 'À la carte'] },
      seating: {
        type: 'string',
        title: 'Seating',
        oneOf: [
          { const: 'inside', title: 'Inside' },
          { const: 'bar', title: 'At the bar' },
        ],
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: /Room/ })).toHaveValue('garden');
    await expect(canvas.getByRole('option', { name: 'À la carte' })).toHaveValue('carte');
    await expect(canvas.getByRole('option', { name: 'At the bar' })).toHaveValue('bar');
  },
};

export const FieldMultipleChoice: Story = {
  name: 'Field: several choices (items.enum, items.anyOf const/title, minItems, maxItems)',
  args: {
    ...asking(
      'Anything else?',
      {
        extras: {
          type: 'array',
          title: 'Extras',
          items: { type: 'string', enum: ['Cake', 'Flowers'] },
          minItems: 1,
        },
        diets: {
          type: 'array',
          title: 'Diets',
          items: {
            anyOf: [
              { const: 'vegan', title: 'Vegan' },
              { const: 'gluten-free', title: 'Gluten-free' },
            ],
          },
          maxItems: 1,
        },
      },
      ['extras'],
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(within(canvas.getByRole('group', { name: 'Extras' })).getAllByRole('checkbox')).toHaveLength(
      2,
    );
    await expect(canvas.getByRole('checkbox', { name: 'Gluten-free' })).toBeInTheDocument();
  },
};

const cells: StateCell[] = [
  { name: 'Ready', state: 'ready' },
  {
    name: 'Accepted',
    state: 'answered',
    answer: { type: 'accept', data: { name: 'Ada', email: 'ada@example.com', guests: 2 } },
  },
  { name: 'Declined', state: 'answered', answer: { type: 'decline' } },
  { name: 'Cancelled', state: 'answered', answer: { type: 'cancel' } },
  { name: 'URL mode', state: 'ready', item: deposit },
  { name: 'URL mode, opened', state: 'answered', item: deposit, answer: { type: 'accept' } },
  { name: 'Submitting', state: 'submitting', answer: { type: 'decline' } },
  { name: 'Expired', state: 'expired' },
];

export const Outcomes: Story = {
  name: 'Each answer and state',
  parameters: { layout: 'fullscreen' },
  render: () => (
    <StatesGrid
      item={booking}
      cells={cells}
      view={(run, item, labelledBy) => <ResumeForm run={run} item={item} aria-labelledby={labelledBy} />}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const outcome of ['Declined.', 'Cancelled.', 'Opened.'])
      await expect(canvas.getByText(outcome)).toBeVisible();
    await expect(canvas.getAllByText('Asked by the MCP server “bookings”')).toHaveLength(cells.length);
  },
};
