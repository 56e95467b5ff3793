import { parsePrompt, type AnswerValue } from '@ask-user-kit/core';
import type { PromptOption } from '@ask-user-kit/core/internal';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { AskUserPrompt, defaultLabels } from './index.ts';
import { prompts } from './stories/payloads.ts';

interface PlaygroundArgs {
  /** `suspendPayload.question`. */
  question: string;
  /** `suspendPayload.options` (ignored for free text). */
  options: PromptOption[];
  /** `suspendPayload.selectionMode`; "free text" sends no options at all. */
  selectionMode: 'free text' | 'single_select' | 'multi_select';
  allowOther: boolean;
  onSubmit: (answer: AnswerValue) => void;
}

// The starting payload is the recorded one (core fixture single.stream.sse); edit it in Controls.
const recorded = prompts.singleWithDescriptions;

/**
 * Edit the `ask_user` payload (question, options, selection mode) in the Controls panel and see
 * how `<AskUserPrompt>` renders it, through the same `parsePrompt` the kit applies to a live
 * stream: an edit Mastra would accept but the kit cannot render (a label offered twice, an empty
 * question) shows the malformed state.
 */
const meta = {
  title: 'Prompt/Playground',
  args: {
    question: recorded.question,
    options: recorded.options,
    selectionMode: 'single_select',
    allowOther: false,
    onSubmit: fn(),
  },
  argTypes: {
    question: { control: 'text' },
    options: { control: 'object' },
    selectionMode: { control: 'inline-radio', options: ['free text', 'single_select', 'multi_select'] },
    allowOther: { control: 'boolean' },
  },
  render: ({ question, options, selectionMode, allowOther, onSubmit }) => {
    const suspendPayload =
      selectionMode === 'free text' ? { question } : { question, options, selectionMode };
    const prompt = parsePrompt({
      runId: recorded.runId,
      toolCallId: recorded.toolCallId,
      toolName: recorded.toolName,
      suspendPayload,
    });
    const payload = JSON.stringify(suspendPayload, null, 2);
    return (
      <div style={{ display: 'grid', gap: '1rem', maxWidth: '34rem' }}>
        <AskUserPrompt
          key={payload}
          prompt={prompt}
          onSubmit={onSubmit}
          allowOther={allowOther}
          persistDraft={false}
        />
        <details>
          <summary>suspendPayload</summary>
          <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{payload}</pre>
        </details>
      </div>
    );
  },
} satisfies Meta<PlaygroundArgs>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The recorded single choice, as is. */
export const SingleSelect: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('radio')).toHaveLength(recorded.options.length);
  },
};

/** The recorded single choice answered with the pointer. */
export const SingleSelectThenAnswered: Story = {
  play: async (context) => {
    await SingleSelect.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('radio', { name: 'Car' }));
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).toHaveBeenCalledWith('Car');
  },
};

/** The same options as `multi_select`. */
export const MultiSelect: Story = {
  args: { selectionMode: 'multi_select' },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(recorded.options.length);
  },
};

/** The `multi_select` answered with the keyboard. */
export const MultiSelectThenAnswered: Story = {
  args: MultiSelect.args,
  play: async (context) => {
    await MultiSelect.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: defaultLabels.submit })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).toHaveBeenCalledWith(['Train', 'Car']);
  },
};

/** The recorded free-text question (core fixture text.stream.sse): no options. */
export const FreeText: Story = {
  args: { selectionMode: 'free text', question: prompts.text.question },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: prompts.text.question })).toBeVisible();
    await expect(canvas.queryByRole('radio')).toBeNull();
  },
};

/** The free-text question answered with the keyboard. */
export const FreeTextThenAnswered: Story = {
  args: FreeText.args,
  play: async (context) => {
    await FreeText.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: prompts.text.question })).toHaveFocus();
    await userEvent.keyboard('Lisbon, in spring{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).toHaveBeenCalledWith('Lisbon, in spring');
  },
};
