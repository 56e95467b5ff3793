import type { PromptState, SuspensionItem } from '@ask-user-kit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ResumeForm } from './ResumeForm.tsx';
import { ItemStory, StatesGrid, budgetJsonSchema, formItem, type StateCell } from './storyRun.tsx';

/**
 * `<ResumeForm>` for each field type its JSON Schema supports, and in each state. Each story rests
 * in the state it is named after; one that moves to another state is named "… then X". The a11y
 * check runs on every story.
 */
const budget = formItem(budgetJsonSchema);
const view = (item: SuspensionItem) => ({
  item,
  view: (run: Parameters<typeof ResumeForm>[0]['run']) => <ResumeForm run={run} item={item} />,
});

const meta = {
  title: 'Items/ResumeForm',
  component: ItemStory,
  args: { ...view(budget), state: 'ready' },
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

const root = (canvasElement: HTMLElement) => canvasElement.querySelector('form[data-kind="form"]')!;
const expectState = (canvasElement: HTMLElement, state: PromptState) =>
  expect(root(canvasElement)).toHaveAttribute('data-state', state);
const schemaOf = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});
const fieldStory = (toolName: string, properties: Record<string, unknown>, required: string[] = []) =>
  view(formItem(schemaOf(properties, required), toolName));

export const Ready: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expectState(canvasElement, 'ready');
    await expect(canvas.getByRole('spinbutton', { name: 'Amount' })).toHaveAccessibleDescription(
      'The most you want to spend on activities',
    );
    await expect(canvas.getByRole('combobox', { name: 'Currency' })).toBeInTheDocument();
    await expect(canvas.getByRole('checkbox', { name: 'Flexible' })).not.toBeChecked();
    await expect(canvas.getByRole('textbox', { name: /Notes/ })).toBeInTheDocument();
  },
};

export const Invalid: Story = {
  name: 'Invalid (sent empty: messages next to the fields)',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('spinbutton', { name: 'Amount' }), '0');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    expectState(canvasElement, 'ready');
    await expect(root(canvasElement)).toHaveAttribute('data-invalid', '');
    await expect(canvas.getByRole('spinbutton', { name: 'Amount' })).toHaveAccessibleDescription(
      /Enter 1 or more\./,
    );
    await expect(canvas.getByRole('spinbutton', { name: 'Amount' })).toHaveFocus();
    await expect(canvas.getByRole('combobox', { name: 'Currency' })).toHaveAccessibleDescription(
      'This field is required.',
    );
  },
};

export const ReadyThenSubmitting: Story = {
  name: 'Ready then submitting',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('spinbutton', { name: 'Amount' }), '300');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Currency' }), 'EUR');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    expectState(canvasElement, 'submitting');
    await expect(canvas.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: {
    state: 'failed',
    answer: { type: 'submit', data: { amount: 300, currency: 'EUR', flexible: false } },
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

export const Answered: Story = {
  name: 'Answered (shows what was sent)',
  args: {
    state: 'answered',
    answer: { type: 'submit', data: { amount: 300, currency: 'EUR', flexible: true } },
  },
  play: async ({ canvasElement }) => {
    expectState(canvasElement, 'answered');
    const answer = canvasElement.querySelector('[data-part=answer]');
    await expect(answer).toHaveTextContent('Sent.');
    await expect(answer).toHaveTextContent(/Amount\s*300/);
    await expect(answer).toHaveTextContent(/Currency\s*EUR/);
    await expect(answer).toHaveTextContent(/Flexible\s*Yes/);
  },
};

export const AnsweredElsewhere: Story = {
  args: { state: 'answered-elsewhere' },
  play: async ({ canvasElement }) => {
    await expect(root(canvasElement)).toHaveTextContent(
      'This form was answered in another window or device.',
    );
  },
};

export const Expired: Story = {
  args: { state: 'expired' },
  play: async ({ canvasElement }) => {
    await expect(root(canvasElement)).toHaveTextContent('This form is no longer open.');
  },
};

export const MalformedNoSchema: Story = {
  name: 'Malformed (restored without its schema)',
  args: { ...view(formItem(undefined)), state: 'malformed' },
  play: async ({ canvasElement }) => {
    expectState(canvasElement, 'malformed');
    // What is wrong is for developers: folded under "Details", not in the user's face.
    await expect(within(canvasElement).getByText('This form cannot be shown.')).toBeVisible();
    await expect(within(canvasElement).getByText(/withResumeSchemas/)).not.toBeVisible();
    await userEvent.click(within(canvasElement).getByText('Details'));
    await expect(within(canvasElement).getByText(/withResumeSchemas/)).toBeVisible();
  },
};

export const FieldText: Story = {
  name: 'Field: text (minLength, maxLength, pattern)',
  args: {
    ...fieldStory(
      'set_code',
      {
        code: {
          type: 'string',
          minLength: 3,
          maxLength: 6,
          pattern: '^[A-Z]+$',
          description: 'Capital letters',
        },
      },
      ['code'],
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
      'Capital letters',
    );
  },
};

export const FieldNumber: Story = {
  name: 'Field: number (minimum, maximum, default)',
  args: {
    ...fieldStory('set_amount', { amount: { type: 'number', minimum: 0, maximum: 100, default: 25 } }),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('spinbutton', { name: /Amount/ })).toHaveValue(25);
  },
};

export const FieldInteger: Story = {
  name: 'Field: integer',
  args: { ...fieldStory('set_nights', { nights: { type: 'integer', minimum: 1 } }, ['nights']) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('spinbutton', { name: 'Nights' })).toHaveAttribute(
      'step',
      '1',
    );
  },
};

export const FieldBoolean: Story = {
  name: 'Field: boolean',
  args: {
    ...fieldStory('set_flag', { breakfast: { type: 'boolean', default: true, title: 'Breakfast included' } }),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox', { name: 'Breakfast included' })).toBeChecked();
  },
};

export const FieldEnum: Story = {
  name: 'Field: enum',
  args: {
    ...fieldStory('set_room', { room: { enum: ['single', 'double', 'suite'], default: 'double' } }, ['room']),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Room' })).toHaveValue('double');
  },
};

export const FieldMultiEnum: Story = {
  name: 'Field: array of enum',
  args: {
    ...fieldStory(
      'set_extras',
      { extras: { type: 'array', items: { type: 'string', enum: ['Spa', 'Gym', 'Pool'] }, minItems: 1 } },
      ['extras'],
    ),
  },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Extras' });
    await expect(within(group).getAllByRole('checkbox')).toHaveLength(3);
  },
};

export const FieldGroup: Story = {
  name: 'Field: nested object (one level)',
  args: {
    ...fieldStory(
      'set_guest',
      {
        guest: {
          type: 'object',
          properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } },
          required: ['name'],
        },
      },
      ['guest'],
    ),
  },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Guest' });
    await expect(within(group).getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  },
};

export const FieldUnsupported: Story = {
  name: 'Field: unsupported (shown, not guessed)',
  args: { ...fieldStory('set_step', { step: { type: 'number', multipleOf: 5 } }) },
  play: async ({ canvasElement }) => {
    await expect(root(canvasElement)).toHaveTextContent('Step');
    await expect(within(canvasElement).getByText('This field cannot be filled in here.')).toBeVisible();
    await expect(
      within(canvasElement).getByText(/the keyword "multipleOf" is not supported/),
    ).not.toBeVisible();
  },
};

export const CompoundParts: Story = {
  name: 'Compound parts (fields by name) then invalid',
  args: {
    view: (run) => (
      <ResumeForm.Root run={run} item={budget}>
        <ResumeForm.Title>Your budget</ResumeForm.Title>
        <ResumeForm.Field name="currency" />
        <ResumeForm.Field name="amount" />
        <ResumeForm.Submit>Confirm</ResumeForm.Submit>
        <ResumeForm.Status />
      </ResumeForm.Root>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('form', { name: 'Your budget' })).toBeInTheDocument();
    await expect(canvas.queryByRole('checkbox')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    expectState(canvasElement, 'ready');
    await expect(canvas.getByRole('spinbutton', { name: 'Amount' })).toHaveFocus();
    await expect(canvas.getByRole('combobox', { name: 'Currency' })).toHaveAttribute('aria-invalid', 'true');
  },
};

const everyField = formItem(
  schemaOf(
    {
      guests: { type: 'integer', minimum: 1, title: 'Guests' },
      breakfast: { type: 'boolean', description: 'Served from 7 to 10' },
      extras: { type: 'array', items: { type: 'string', enum: ['Spa', 'Gym', 'Pool'] } },
      guest: {
        type: 'object',
        properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } },
        required: ['name'],
      },
      when: { type: 'string', format: 'date' },
    },
    ['guests'],
  ),
  'book_room',
);
const sent = { type: 'submit', data: { amount: 300, currency: 'EUR', flexible: true } } as const;
const formStates: StateCell[] = [
  { name: 'Ready', state: 'ready' },
  { name: 'Invalid (sent empty)', state: 'ready' },
  { name: 'Submitting', state: 'submitting', answer: sent },
  {
    name: 'Failed',
    state: 'failed',
    answer: sent,
    error: { code: 'network', message: 'The server could not be reached.' },
  },
  { name: 'Answered', state: 'answered', answer: sent },
  { name: 'Answered elsewhere', state: 'answered-elsewhere' },
  { name: 'Expired', state: 'expired' },
  { name: 'Malformed', state: 'malformed', item: formItem(undefined) },
  { name: 'Every field type', state: 'ready', item: everyField },
];

/** Every state side by side, and every field type: the screenshot of the component's look (docs/screenshots). */
export const States: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => (
    <StatesGrid
      item={budget}
      cells={formStates}
      view={(run, item, labelledBy) => <ResumeForm run={run} item={item} aria-labelledby={labelledBy} />}
    />
  ),
  play: async ({ canvasElement }) => {
    const forms = canvasElement.querySelectorAll<HTMLFormElement>('form[data-kind="form"]');
    await expect(forms).toHaveLength(formStates.length);
    await userEvent.click(within(forms[1]!).getByRole('button', { name: 'Send' }));
    await expect(forms[1]).toHaveAttribute('data-invalid', '');
  },
};
