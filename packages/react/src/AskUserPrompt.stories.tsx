import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { expect, fn, waitFor, type Mock } from 'storybook/test';
import {
  AskUserPrompt,
  defaultLabels,
  type AnswerDraft,
  type AnswerValue,
  type AskUserLabels,
  type AskUserPromptRun,
  type RunError,
} from './index.ts';
import { expiredResponse, prompts, resumes, serverDown } from './stories/payloads.ts';
import { resumeAgainst, type RecordedResponse } from './stories/replayServer.ts';
import { frozenRun, recordedError } from './stories/runStub.ts';
import { promptEntry } from './test/promptEntry.ts';

/**
 * Every prompt variant and state of `<AskUserPrompt>`. Each question was sent by a real Mastra
 * server and recorded (see stories/payloads.ts); answers go through the kit's fetch transport
 * against recorded server responses where one was recorded. Each `play` function is a test: it
 * answers with the pointer or the keyboard and checks the exact value the run is resumed with.
 */
const meta = {
  title: 'Prompt/AskUserPrompt',
  component: AskUserPrompt,
  subcomponents: {
    'AskUserPrompt.Root': AskUserPrompt.Root,
    'AskUserPrompt.Question': AskUserPrompt.Question,
    'AskUserPrompt.Description': AskUserPrompt.Description,
    'AskUserPrompt.Count': AskUserPrompt.Count,
    'AskUserPrompt.Options': AskUserPrompt.Options,
    'AskUserPrompt.Option': AskUserPrompt.Option,
    'AskUserPrompt.OptionControl': AskUserPrompt.OptionControl,
    'AskUserPrompt.OptionLabel': AskUserPrompt.OptionLabel,
    'AskUserPrompt.OptionDescription': AskUserPrompt.OptionDescription,
    'AskUserPrompt.TextField': AskUserPrompt.TextField,
    'AskUserPrompt.Other': AskUserPrompt.Other,
    'AskUserPrompt.OtherText': AskUserPrompt.OtherText,
    'AskUserPrompt.Error': AskUserPrompt.Error,
    'AskUserPrompt.Submit': AskUserPrompt.Submit,
    'AskUserPrompt.Answer': AskUserPrompt.Answer,
    'AskUserPrompt.Status': AskUserPrompt.Status,
  },
  args: {
    prompt: prompts.singleWithDescriptions,
    onSubmit: fn(),
    onDraftChange: fn(),
    allowOther: false,
    disabled: false,
  },
  argTypes: {
    prompt: { control: 'select', options: Object.keys(prompts), mapping: prompts },
    run: { control: false },
    draft: { control: false },
    defaultDraft: { control: false },
    defaultAnswer: { control: false },
  },
  decorators: [
    // A prompt sits in a column as wide as a chat's; a full-screen story (the matrix) has the page.
    (Story, { parameters }) =>
      parameters.layout === 'fullscreen' ? (
        <Story />
      ) : (
        <div style={{ maxWidth: '34rem' }}>
          <Story />
        </div>
      ),
  ],
} satisfies Meta<typeof AskUserPrompt>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Sends answers through the kit's fetch transport against recorded server responses, in order. */
const answeredBy =
  (prompt: (typeof prompts)[keyof typeof prompts], responses: RecordedResponse[]): Story['beforeEach'] =>
  ({ args }) => {
    if (prompt.kind === 'malformed') throw new Error('a malformed prompt cannot be answered');
    (args.onSubmit as Mock).mockImplementation(resumeAgainst(prompt, responses));
  };

const form = (canvasElement: HTMLElement) => {
  const element = canvasElement.querySelector('form[data-part="root"]');
  if (!element) throw new Error('no prompt form in the story');
  return element as HTMLFormElement;
};

/** The answer was sent once, with exactly this resume value (a string, or labels in this order). */
const expectSentOnce = async (onSubmit: unknown, value: AnswerValue) => {
  await expect(onSubmit).toHaveBeenCalledTimes(1);
  await expect(onSubmit).toHaveBeenCalledWith(value);
};

const answeredWith = async (canvasElement: HTMLElement, text: string) => {
  await waitFor(() => expect(form(canvasElement)).toHaveAttribute('data-state', 'answered'));
  await expect(canvasElement.querySelector('[data-part="answer"]')).toHaveTextContent(text);
};

// ——— Kinds ———

/** Free text: a labelled `<textarea>` with its hint, waiting for an answer. */
export const FreeText: Story = {
  args: { prompt: prompts.text },
  play: async ({ canvas, canvasElement }) => {
    const field = canvas.getByRole('textbox', { name: prompts.text.question });
    await expect(field).toHaveAccessibleDescription(defaultLabels.textHint);
    await expect(form(canvasElement)).toHaveAttribute('data-state', 'ready');
  },
};

/** Free text answered with the pointer: click, type, click Send; the answer is sent trimmed. */
export const FreeTextThenAnswered: Story = {
  args: FreeText.args,
  beforeEach: answeredBy(prompts.text, [{ sse: resumes.text.sse }]),
  play: async (context) => {
    await FreeText.play?.(context);
    const { args, canvas, canvasElement, userEvent } = context;
    const field = canvas.getByRole('textbox', { name: prompts.text.question });
    await userEvent.click(field);
    await userEvent.type(field, `  ${resumes.text.value}  `);
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expectSentOnce(args.onSubmit, resumes.text.value);
    await answeredWith(canvasElement, resumes.text.value);
  },
};

/** Free text with the keyboard alone: Tab in, Shift+Enter for a new line, Enter sends. */
export const FreeTextKeyboardThenAnswered: Story = {
  args: { prompt: prompts.text },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: prompts.text.question })).toHaveFocus();
    await userEvent.keyboard('Porto{Shift>}{Enter}{/Shift}then Braga');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expectSentOnce(args.onSubmit, 'Porto\nthen Braga');
  },
};

/** Free text sent empty: refused before any request, the message is tied to the field, which gets focus. */
export const FreeTextRequired: Story = {
  args: { prompt: prompts.text },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    const field = canvas.getByRole('textbox', { name: prompts.text.question });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(expect.stringContaining(defaultLabels.answerRequired));
    await expect(field).toHaveFocus();
    await expect(form(canvasElement)).toHaveAttribute('data-invalid');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Single choice: native radios in a `<fieldset>` whose legend is the question, none chosen yet. */
export const SingleChoice: Story = {
  args: { prompt: prompts.single },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: prompts.single.question })).toBeVisible();
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).not.toBeChecked();
  },
};

/** A question a supervisor's sub-agent asked (`prompt.agent`): the legend says who asks. */
export const SingleChoiceFromSubAgent: Story = {
  args: { prompt: { ...prompts.single, toolName: 'agent-designer', agent: 'designer' } },
  play: async ({ canvas }) => {
    const legend = `Designer asks: ${prompts.single.question}`;
    await expect(canvas.getByRole('group', { name: legend })).toBeVisible();
  },
};

/** Single choice answered with the pointer: a second click changes the choice, Send. */
export const SingleChoiceThenAnswered: Story = {
  args: SingleChoice.args,
  beforeEach: answeredBy(prompts.single, [{ sse: resumes.single.sse }]),
  play: async (context) => {
    await SingleChoice.play?.(context);
    const { args, canvas, canvasElement, userEvent } = context;
    await userEvent.click(canvas.getByRole('radio', { name: 'Small' }));
    await userEvent.click(canvas.getByRole('radio', { name: resumes.single.value }));
    await expect(canvas.getByRole('radio', { name: 'Small' })).not.toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expectSentOnce(args.onSubmit, resumes.single.value);
    await answeredWith(canvasElement, resumes.single.value);
  },
};

/** Single choice with the keyboard: Tab to the group, Space picks, arrows move the choice, Tab to Send, Enter. */
export const SingleChoiceKeyboardThenAnswered: Story = {
  args: { prompt: prompts.single },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Small' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('radio', { name: 'Small' })).toBeChecked();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: 'Large' })).toBeChecked();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: defaultLabels.submit })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expectSentOnce(args.onSubmit, 'Large');
  },
};

/** Sent with nothing chosen: refused, focus goes to the first radio. */
export const SingleChoiceRequired: Story = {
  args: { prompt: prompts.single },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expect(canvas.getByText(defaultLabels.choiceRequired)).toBeVisible();
    await expect(canvas.getByRole('radio', { name: 'Small' })).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Options with descriptions, tied to each radio with `aria-describedby`. */
export const SingleWithDescriptions: Story = {
  args: { prompt: prompts.singleWithDescriptions },
  play: async ({ canvas }) => {
    for (const option of prompts.singleWithDescriptions.options) {
      await expect(canvas.getByRole('radio', { name: option.label })).toHaveAccessibleDescription(
        option.description ?? '',
      );
    }
  },
};

/** Options with descriptions answered with the pointer: a click on the description picks too. */
export const SingleWithDescriptionsThenAnswered: Story = {
  args: SingleWithDescriptions.args,
  beforeEach: answeredBy(prompts.singleWithDescriptions, [{ sse: resumes.singleWithDescriptions.sse }]),
  play: async (context) => {
    await SingleWithDescriptions.play?.(context);
    const { args, canvas, canvasElement, userEvent } = context;
    const chosen = prompts.singleWithDescriptions.options.find(
      (o) => o.label === resumes.singleWithDescriptions.value,
    );
    await userEvent.click(canvas.getByText(chosen?.description ?? ''));
    await expect(canvas.getByRole('radio', { name: resumes.singleWithDescriptions.value })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expectSentOnce(args.onSubmit, resumes.singleWithDescriptions.value);
    await answeredWith(canvasElement, resumes.singleWithDescriptions.value);
  },
};

/** Multiple choice: checkboxes with a live count, two chosen (a third clicked on and off again). */
export const MultipleChoice: Story = {
  args: { prompt: prompts.multiple },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Food tours' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Hiking' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Museums' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Hiking' }));
    await expect(canvas.getByText(defaultLabels.chosenCount(2))).toBeVisible();
  },
};

/** Multiple choice sent: the labels go in the order offered, whatever the click order. Pointer. */
export const MultipleChoiceThenAnswered: Story = {
  args: MultipleChoice.args,
  play: async (context) => {
    await MultipleChoice.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expectSentOnce(args.onSubmit, ['Museums', 'Food tours']);
  },
};

/** Multiple choice with the keyboard: Tab between boxes, Space toggles, Enter on Send. */
export const MultipleChoiceKeyboardThenAnswered: Story = {
  args: { prompt: prompts.multiple },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('checkbox', { name: 'Museums' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await userEvent.keyboard(' ');
    await expect(canvas.getByText(defaultLabels.chosenCount(2))).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: defaultLabels.submit })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expectSentOnce(args.onSubmit, ['Museums', 'Food tours']);
  },
};

/** Multiple choice sent with nothing chosen: refused. */
export const MultipleChoiceRequired: Story = {
  args: { prompt: prompts.multiple },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expect(canvas.getByText(defaultLabels.choicesRequired)).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Museums' })).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

// ——— Content ———

/** Seventeen options (the tool suggests 2–4; models send more). */
export const ManyOptions: Story = {
  args: { prompt: prompts.manyOptions },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('radio')).toHaveLength(prompts.manyOptions.options.length);
  },
};

/** Seventeen options answered with the keyboard: arrows walk the whole list. */
export const ManyOptionsThenAnswered: Story = {
  args: ManyOptions.args,
  play: async (context) => {
    await ManyOptions.play?.(context);
    const { args, canvas, userEvent } = context;
    const labels = prompts.manyOptions.options.map((o) => o.label);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    for (let i = 1; i < labels.length; i++) await userEvent.keyboard('{ArrowDown}');
    const last = labels[labels.length - 1] as string;
    await expect(canvas.getByRole('radio', { name: last })).toBeChecked();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expectSentOnce(args.onSubmit, last);
  },
};

/** A long question, long labels and descriptions wrap inside the prompt; nothing overflows. */
export const LongText: Story = {
  args: { prompt: prompts.long },
  play: async ({ canvasElement }) => {
    const root = form(canvasElement);
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  },
};

/** The long prompt answered with the pointer. */
export const LongTextThenAnswered: Story = {
  args: LongText.args,
  play: async (context) => {
    await LongText.play?.(context);
    const { args, canvas, userEvent } = context;
    const label = prompts.long.options[2]?.label as string;
    await userEvent.click(canvas.getByRole('radio', { name: label }));
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expectSentOnce(args.onSubmit, label);
  },
};

/** Accents, CJK and emoji in the question and options, with the kit's strings in French through `labels`. */
export const NonLatinText: Story = {
  args: {
    prompt: prompts.unicode,
    labels: {
      submit: 'Envoyer',
      submitting: 'Envoi…',
      retry: 'Réessayer',
      singleHint: 'Choisissez une réponse.',
      newQuestion: (question: string) => `Nouvelle question : ${question}`,
      sent: 'Réponse envoyée.',
    } satisfies Partial<AskUserLabels>,
  },
  decorators: [
    (Story) => (
      <div lang="fr">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: prompts.unicode.question })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Envoyer' })).toBeEnabled();
  },
};

/** The same, answered with the pointer. */
export const NonLatinTextThenAnswered: Story = {
  ...NonLatinText,
  play: async (context) => {
    await NonLatinText.play?.(context);
    const { args, canvas, userEvent } = context;
    const label = prompts.unicode.options[1]?.label as string;
    await userEvent.click(canvas.getByRole('radio', { name: label }));
    await userEvent.click(canvas.getByRole('button', { name: 'Envoyer' }));
    await expectSentOnce(args.onSubmit, label);
  },
};

// ——— "Other…" ———

/** `allowOther`: an "Other…" radio with a text field; typing there chooses it, instead of Vim. Pointer. */
export const OtherAnswer: Story = {
  args: { prompt: prompts.otherAnswer, allowOther: true },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Vim' }));
    await userEvent.click(canvas.getByRole('textbox', { name: defaultLabels.otherText }));
    await userEvent.type(canvas.getByRole('textbox', { name: defaultLabels.otherText }), serverDown.value);
    await expect(canvas.getByRole('radio', { name: defaultLabels.other })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Vim' })).not.toBeChecked();
  },
};

/** The typed "Other…" answer sent. */
export const OtherAnswerThenAnswered: Story = {
  args: OtherAnswer.args,
  play: async (context) => {
    await OtherAnswer.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expectSentOnce(args.onSubmit, serverDown.value);
  },
};

/** "Other…" with the keyboard: arrows to "Other…", Tab to its field, type, Enter sends. */
export const OtherAnswerKeyboardThenAnswered: Story = {
  args: { prompt: prompts.otherAnswer, allowOther: true },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.tab();
    await userEvent.keyboard(' {ArrowDown}{ArrowDown}{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: defaultLabels.other })).toBeChecked();
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: defaultLabels.otherText })).toHaveFocus();
    await userEvent.keyboard('Helix{Enter}');
    await expectSentOnce(args.onSubmit, 'Helix');
  },
};

/** "Other…" left empty: refused, focus goes to its text field. */
export const OtherAnswerRequired: Story = {
  args: { prompt: prompts.otherAnswer, allowOther: true },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('radio', { name: defaultLabels.other }));
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    const field = canvas.getByRole('textbox', { name: defaultLabels.otherText });
    await expect(field).toHaveFocus();
    await expect(field).toHaveAccessibleDescription(defaultLabels.otherRequired);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** "Other…" in a multiple choice: typing checks it, next to a chosen label. */
export const OtherInMultipleChoice: Story = {
  args: { prompt: prompts.dietary, allowOther: true },
  play: async ({ canvas, userEvent }) => {
    const [label, typed] = resumes.dietary.value as [string, string];
    await userEvent.type(canvas.getByRole('textbox', { name: defaultLabels.otherText }), typed);
    await userEvent.click(canvas.getByRole('checkbox', { name: label }));
    await expect(canvas.getByRole('checkbox', { name: defaultLabels.other })).toBeChecked();
    await expect(canvas.getByText(defaultLabels.chosenCount(2))).toBeVisible();
  },
};

/** The typed text is sent after the chosen labels. Answered from the recorded resume. */
export const OtherInMultipleChoiceThenAnswered: Story = {
  args: OtherInMultipleChoice.args,
  beforeEach: answeredBy(prompts.dietary, [{ sse: resumes.dietary.sse }]),
  play: async (context) => {
    await OtherInMultipleChoice.play?.(context);
    const { args, canvas, canvasElement, userEvent } = context;
    const [label, typed] = resumes.dietary.value as [string, string];
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expectSentOnce(args.onSubmit, [label, typed]);
    await answeredWith(canvasElement, `${label}, ${typed}`);
  },
};

// ——— States ———

/** While the answer is on its way (the server has not answered): controls disabled, `aria-busy`, "Sending…". */
export const Submitting: Story = {
  args: { prompt: prompts.singleWithDescriptions },
  beforeEach: answeredBy(prompts.singleWithDescriptions, [{ pending: true }]),
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Plane' }));
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expectSentOnce(args.onSubmit, 'Plane');
    const root = form(canvasElement);
    await expect(root).toHaveAttribute('data-state', 'submitting');
    await expect(root).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: defaultLabels.submitting })).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: 'Plane' })).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: 'Plane' })).toBeChecked();
  },
};

/** Answered: the question with the answer read-only (as in a transcript), from the recorded resume. */
export const Answered: Story = {
  args: { prompt: prompts.singleWithDescriptions, answer: resumes.singleWithDescriptions.value },
  play: async ({ canvas, canvasElement }) => {
    await expect(form(canvasElement)).toHaveAttribute('data-state', 'answered');
    await expect(canvas.getByText(resumes.singleWithDescriptions.value)).toHaveAttribute(
      'data-part',
      'answer',
    );
    await expect(canvas.queryByRole('radio')).toBeNull();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Answered with several labels and a typed "Other…" (recorded resume of a multiple choice). */
export const AnsweredMultiple: Story = {
  args: { prompt: prompts.dietary, answer: resumes.dietary.value },
  play: async ({ canvasElement }) => {
    await answeredWith(canvasElement, (resumes.dietary.value as string[]).join(', '));
  },
};

/**
 * The server cannot be reached (recorded: a resume sent while the Mastra server was stopped).
 * The answer is kept, and Retry offers to send it again.
 */
export const ServerErrorWithRetry: Story = {
  args: { prompt: prompts.otherAnswer, allowOther: true },
  beforeEach: answeredBy(prompts.otherAnswer, [
    { networkError: serverDown.networkError },
    { sse: serverDown.retrySse },
  ]),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: defaultLabels.otherText }), serverDown.value);
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    const retry = await canvas.findByRole('button', { name: defaultLabels.retry });
    await expect(form(canvasElement)).toHaveAttribute('data-state', 'failed');
    await expect(retry).toHaveAccessibleDescription(expect.stringContaining(serverDown.networkError));
    await expect(canvas.getByRole('textbox', { name: defaultLabels.otherText })).toHaveValue(
      serverDown.value,
    );
  },
};

/** Retry sends the kept answer again; after the server's restart the recorded retry went through. */
export const ServerErrorThenRetry: Story = {
  ...ServerErrorWithRetry,
  play: async (context) => {
    await ServerErrorWithRetry.play?.(context);
    const { args, canvas, canvasElement, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.retry }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(2);
    await expect(args.onSubmit).toHaveBeenNthCalledWith(1, serverDown.value);
    await expect(args.onSubmit).toHaveBeenNthCalledWith(2, serverDown.value);
    await answeredWith(canvasElement, serverDown.value);
  },
};

/** The question is no longer open (recorded: Mastra's 500 for a second resume of a run). Nothing to retry. */
export const Expired: Story = {
  args: { prompt: prompts.single },
  beforeEach: answeredBy(prompts.single, [{ status: expiredResponse.status, json: expiredResponse.body }]),
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Large' }));
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expectSentOnce(args.onSubmit, 'Large');
    await waitFor(() => expect(form(canvasElement)).toHaveAttribute('data-state', 'expired'));
    await expect(canvas.getByText(defaultLabels.expired, { selector: '[data-part="error"]' })).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.queryByRole('radio')).toBeNull();
  },
};

function AnsweredElsewhereRun(props: Parameters<typeof AskUserPrompt>[0]) {
  const { prompt } = props;
  const [transcript, setTranscript] = useState(() => [promptEntry(prompt, 'ready')]);
  // As the run store does when the server's exactly-once guard answers 409: another client was first.
  const run: AskUserPromptRun = {
    transcript,
    openPrompts: [prompt],
    submit: async () => setTranscript([promptEntry(prompt, 'answered-elsewhere')]),
    retry: async () => {},
  };
  return <AskUserPrompt {...props} run={run} />;
}

/** Another window or device answered first (the server's guard said 409): said, and announced; nothing to retry. */
export const AnsweredElsewhere: Story = {
  args: { prompt: prompts.single },
  render: (args) => <AnsweredElsewhereRun {...args} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Large' }));
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await waitFor(() => expect(form(canvasElement)).toHaveAttribute('data-state', 'answered-elsewhere'));
    await expect(
      canvas.getByText(defaultLabels.answeredElsewhere, { selector: '[data-part="error"]' }),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(defaultLabels.answeredElsewhere);
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** A payload Mastra suspended with but that cannot be shown (a label offered twice): the reason, no controls. */
export const MalformedPayload: Story = {
  args: { prompt: prompts.malformedDuplicateLabels },
  play: async ({ canvas, canvasElement }) => {
    await expect(form(canvasElement)).toHaveAttribute('data-state', 'malformed');
    await expect(canvas.getByText(defaultLabels.malformed)).toBeVisible();
    // What is wrong is for developers: folded under "Details".
    await expect(canvas.getByText(prompts.malformedDuplicateLabels.reason)).not.toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Another malformed payload: an empty option label. */
export const MalformedPayloadEmptyLabel: Story = {
  args: { prompt: prompts.malformedEmptyLabel },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(defaultLabels.malformed)).toBeVisible();
    await expect(canvas.getByText(prompts.malformedEmptyLabel.reason)).not.toBeVisible();
  },
};

/** Another malformed payload: a question that is only spaces. */
export const MalformedPayloadBlankQuestion: Story = {
  args: { prompt: prompts.malformedBlankQuestion },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(defaultLabels.malformed)).toBeVisible();
    await expect(canvas.getByText(prompts.malformedBlankQuestion.reason)).not.toBeVisible();
  },
};

/** `disabled`: every control is off (for example while the app is busy elsewhere). */
export const Disabled: Story = {
  args: { prompt: prompts.multiple, disabled: true },
  play: async ({ args, canvas, userEvent }) => {
    for (const box of canvas.getAllByRole('checkbox')) await expect(box).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

// ——— Use ———

function ControlledPrompt(props: Parameters<typeof AskUserPrompt>[0]) {
  const [draft, setDraft] = useState<AnswerDraft>({ text: '', selected: [], other: false });
  return (
    <div style={{ display: 'grid', gap: '0.75rem' }}>
      <AskUserPrompt
        {...props}
        draft={draft}
        onDraftChange={(next) => {
          props.onDraftChange?.(next);
          setDraft(next);
        }}
      />
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        <button type="button" onClick={() => setDraft({ text: '', selected: ['Car'], other: false })}>
          Choose Car from outside
        </button>
        <button type="button" onClick={() => setDraft({ text: '', selected: [], other: false })}>
          Clear
        </button>
      </div>
      <p style={{ margin: 0 }}>
        Draft held by the parent: <output aria-label="Draft">{JSON.stringify(draft)}</output>
      </p>
    </div>
  );
}

/** Controlled: the parent holds the draft (`draft` + `onDraftChange`) and can change it from outside. */
export const Controlled: Story = {
  args: { prompt: prompts.singleWithDescriptions },
  render: (args) => <ControlledPrompt {...args} />,
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Choose Car from outside' }));
    await expect(canvas.getByRole('radio', { name: 'Car' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'Plane' }));
    await expect(args.onDraftChange).toHaveBeenLastCalledWith({
      text: '',
      selected: ['Plane'],
      other: false,
    });
    await expect(canvas.getByRole('status', { name: 'Draft' })).toHaveTextContent('"selected":["Plane"]');
  },
};

/** The controlled prompt's answer sent. */
export const ControlledThenAnswered: Story = {
  ...Controlled,
  play: async (context) => {
    await Controlled.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expectSentOnce(args.onSubmit, 'Plane');
  },
};

const card: CSSProperties = {
  display: 'grid',
  gap: '0.25rem',
  padding: '0.75rem',
  border: '1px solid var(--ask-border)',
  borderRadius: '0.5rem',
  background: 'var(--ask-surface)',
};

/** A layout of your own from the parts: options as cards in a row, a custom button text; the live region kept. */
export const CustomLayout: Story = {
  args: { prompt: prompts.singleWithDescriptions },
  render: (args) => (
    <AskUserPrompt.Root {...args}>
      <AskUserPrompt.Options>
        <AskUserPrompt.Question style={{ fontSize: '1.25rem', marginBlockEnd: '0.5rem' }} />
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
            gap: '0.5rem',
          }}
        >
          {prompts.singleWithDescriptions.options.map((option) => (
            <AskUserPrompt.Option key={option.label} label={option.label} style={card}>
              <AskUserPrompt.OptionControl />
              <AskUserPrompt.OptionLabel style={{ fontWeight: 600 }} />
              <AskUserPrompt.OptionDescription />
            </AskUserPrompt.Option>
          ))}
        </div>
      </AskUserPrompt.Options>
      <AskUserPrompt.Error />
      <AskUserPrompt.Submit>Book this</AskUserPrompt.Submit>
      <AskUserPrompt.Answer />
      <AskUserPrompt.Status />
    </AskUserPrompt.Root>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('radio')).toHaveLength(prompts.singleWithDescriptions.options.length);
    await expect(canvas.getByRole('button', { name: 'Book this' })).toBeEnabled();
  },
};

/** The layout of your own refuses an empty answer, then sends the chosen card. Pointer. */
export const CustomLayoutThenAnswered: Story = {
  ...CustomLayout,
  beforeEach: answeredBy(prompts.singleWithDescriptions, [{ sse: resumes.singleWithDescriptions.sse }]),
  play: async (context) => {
    await CustomLayout.play?.(context);
    const { args, canvas, canvasElement, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Book this' }));
    await expect(canvas.getByText(defaultLabels.choiceRequired)).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: resumes.singleWithDescriptions.value }));
    await userEvent.click(canvas.getByRole('button', { name: 'Book this' }));
    await expectSentOnce(args.onSubmit, resumes.singleWithDescriptions.value);
    await answeredWith(canvasElement, resumes.singleWithDescriptions.value);
  },
};

const userBubble: CSSProperties = {
  justifySelf: 'end',
  maxWidth: '85%',
  margin: 0,
  padding: '0.75rem 1rem',
  borderRadius: '1rem',
  borderEndEndRadius: '0.25rem',
  background: '#2456d6',
  color: '#ffffff',
};

// A question takes the column's width, not the shrink-to-fit width of a line of text, and keeps
// the bubble's padding around it: its own border and padding would double the bubble's.
const assistantBubble: CSSProperties = {
  justifySelf: 'stretch',
  padding: '1rem',
  borderRadius: '1rem',
  borderEndStartRadius: '0.25rem',
  background: 'light-dark(#eef1f6, #232936)',
  color: 'light-dark(#1b1f27, #e8eaf0)',
};

const promptInBubble = { '--ask-bg': 'transparent', '--ask-padding': '0', border: 'none' } as CSSProperties;

function ChatBubbles({ children }: { children: ReactNode }) {
  return (
    <section aria-label="Conversation" style={{ display: 'grid', gap: '0.75rem' }}>
      <p style={userBubble}>Can you plan a long weekend for me?</p>
      <div style={assistantBubble}>{children}</div>
    </section>
  );
}

/** Inside an assistant's chat bubble, in a conversation, waiting for an answer. */
export const InChatBubble: Story = {
  args: { prompt: prompts.singleWithDescriptions },
  render: (args) => (
    <ChatBubbles>
      <AskUserPrompt {...args} style={promptInBubble} />
    </ChatBubbles>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('region', { name: 'Conversation' })).toContainElement(form(canvasElement));
    await expect(form(canvasElement)).toHaveAttribute('data-state', 'ready');
  },
};

/** Answered inside the chat bubble with the keyboard: Tab in, Space, Tab, Enter. */
export const InChatBubbleThenAnswered: Story = {
  ...InChatBubble,
  beforeEach: answeredBy(prompts.singleWithDescriptions, [{ sse: resumes.singleWithDescriptions.sse }]),
  play: async (context) => {
    await InChatBubble.play?.(context);
    const { args, canvas, canvasElement, userEvent } = context;
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('radio', { name: resumes.singleWithDescriptions.value })).toBeChecked();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expectSentOnce(args.onSubmit, resumes.singleWithDescriptions.value);
    await answeredWith(canvasElement, resumes.singleWithDescriptions.value);
  },
};

// ——— Look ———

/** Dark theme (`data-theme="dark"` on an ancestor), two options chosen; axe checks the contrast of every part. */
export const DarkTheme: Story = {
  args: { prompt: prompts.multiple, allowOther: true },
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvasElement.querySelector('[data-theme]')).toHaveAttribute('data-theme', 'dark');
    // styles.css switches its custom properties under [data-theme="dark"]: the prompt is dark.
    await expect(getComputedStyle(form(canvasElement)).colorScheme).toBe('dark');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Hiking' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Beaches' }));
    await expect(canvas.getByText(defaultLabels.chosenCount(2))).toBeVisible();
  },
};

/** The dark prompt's answer sent. Pointer. */
export const DarkThemeThenAnswered: Story = {
  ...DarkTheme,
  play: async (context) => {
    await DarkTheme.play?.(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expectSentOnce(args.onSubmit, ['Hiking', 'Beaches']);
  },
};

const arabicLabels: Partial<AskUserLabels> = {
  submit: 'إرسال',
  submitting: 'جارٍ الإرسال…',
  retry: 'إعادة المحاولة',
  other: 'غير ذلك…',
  otherText: 'إجابتك',
  singleHint: 'اختر إجابة واحدة.',
  choiceRequired: 'اختر أحد الخيارات.',
  newQuestion: (question) => `سؤال جديد: ${question}`,
  sent: 'تم إرسال الإجابة.',
};

/** Right to left (`dir="rtl"`), an Arabic question with Arabic labels; the second chosen with the keyboard. */
export const RightToLeft: Story = {
  args: { prompt: prompts.rightToLeft, labels: arabicLabels, allowOther: true },
  globals: { dir: 'rtl' },
  decorators: [
    (Story) => (
      <div lang="ar">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(getComputedStyle(form(canvasElement)).direction).toBe('rtl');
    const [first, second] = prompts.rightToLeft.options.map((o) => o.label) as [string, string];
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: first })).toHaveFocus();
    await userEvent.keyboard(' {ArrowDown}');
    await expect(canvas.getByRole('radio', { name: second })).toBeChecked();
  },
};

/** The right-to-left answer sent with the keyboard. */
export const RightToLeftThenAnswered: Story = {
  ...RightToLeft,
  play: async (context) => {
    await RightToLeft.play?.(context);
    const { args, canvas, userEvent } = context;
    const second = prompts.rightToLeft.options[1]?.label as string;
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'إرسال' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expectSentOnce(args.onSubmit, second);
  },
};

/** A narrow column (18rem, a phone or a side panel): everything wraps, nothing scrolls sideways. */
export const NarrowWidth: Story = {
  args: { prompt: prompts.long, allowOther: true },
  decorators: [
    (Story) => (
      <div style={{ width: '18rem' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const root = form(canvasElement);
    await expect(root.getBoundingClientRect().width).toBeLessThanOrEqual(18 * 16);
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  },
};

/** The narrow prompt answered with the pointer. */
export const NarrowWidthThenAnswered: Story = {
  ...NarrowWidth,
  play: async (context) => {
    await NarrowWidth.play?.(context);
    const { args, canvas, userEvent } = context;
    const label = prompts.long.options[0]?.label as string;
    await userEvent.click(canvas.getByRole('radio', { name: label }));
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expectSentOnce(args.onSubmit, label);
  },
};

// ——— Matrix ———

type MatrixErrors = { network: RunError; expired: RunError };

const kinds = [
  ['Free text', prompts.text],
  ['Single choice', prompts.single],
  ['With descriptions', prompts.singleWithDescriptions],
  ['Multiple choice', prompts.multiple],
] as const;

const malformed = [
  ['A label offered twice', prompts.malformedDuplicateLabels],
  ['An empty label', prompts.malformedEmptyLabel],
  ['A question of spaces only', prompts.malformedBlankQuestion],
] as const;

const states = [
  'ready',
  'refused',
  'submitting',
  'failed',
  'answered-elsewhere',
  'expired',
  'answered',
] as const;

const sampleAnswer = {
  text: 'Lisbon',
  single: 'Medium',
  singleWithDescriptions: 'Train',
  multiple: ['Museums', 'Food tours'],
};

function MatrixCell({
  prompt,
  state,
  errors,
  labelledBy,
}: {
  prompt: (typeof kinds)[number][1];
  state: (typeof states)[number];
  errors: MatrixErrors;
  labelledBy: string;
}) {
  const answer =
    prompt === prompts.text
      ? sampleAnswer.text
      : prompt === prompts.single
        ? sampleAnswer.single
        : prompt === prompts.multiple
          ? sampleAnswer.multiple
          : sampleAnswer.singleWithDescriptions;
  const common = { prompt, 'aria-labelledby': labelledBy, persistDraft: false } as const;
  switch (state) {
    case 'ready':
    case 'refused':
      return <AskUserPrompt {...common} onSubmit={() => {}} data-matrix-state={state} />;
    case 'submitting':
      return (
        <AskUserPrompt {...common} defaultAnswer={answer} run={frozenRun(prompt, 'submitting', { answer })} />
      );
    case 'failed':
      return (
        <AskUserPrompt
          {...common}
          defaultAnswer={answer}
          run={frozenRun(prompt, 'failed', { error: errors.network })}
        />
      );
    case 'answered-elsewhere':
      return <AskUserPrompt {...common} run={frozenRun(prompt, 'answered-elsewhere')} />;
    case 'expired':
      return <AskUserPrompt {...common} run={frozenRun(prompt, 'expired', { error: errors.expired })} />;
    case 'answered':
      return <AskUserPrompt {...common} answer={answer} />;
  }
}

const headingStyle = (level: 2 | 3): CSSProperties => ({
  margin: 0,
  fontSize: level === 2 ? '1rem' : '0.875rem',
});

// As many columns of prompts as fit (four at 1280 px, one on a phone); the page scrolls, not a box.
const matrixRow: CSSProperties = {
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
  alignItems: 'start',
};

/**
 * Every kind in every state: one row a state, the four kinds side by side, plus the three
 * malformed payloads. "failed" and "expired" show the errors the kit's fetch transport made of the
 * recorded server responses; the "refused" row is the ready prompt after Send was pressed with
 * nothing chosen (done by `play`).
 */
export const Matrix: Story = {
  parameters: { layout: 'fullscreen' },
  loaders: [
    async (): Promise<{ errors: MatrixErrors }> => ({
      errors: {
        network: await recordedError(prompts.single, { networkError: serverDown.networkError }),
        expired: await recordedError(prompts.single, {
          status: expiredResponse.status,
          json: expiredResponse.body,
        }),
      },
    }),
  ],
  render: (_args, { loaded }) => {
    const { errors } = loaded as { errors: MatrixErrors };
    return (
      <div style={{ display: 'grid', gap: '2rem' }}>
        {states.map((state) => (
          <section key={state} aria-labelledby={`matrix-${state}`} style={{ display: 'grid', gap: '0.5rem' }}>
            <h2 id={`matrix-${state}`} style={headingStyle(2)}>
              {state}
            </h2>
            <div style={matrixRow}>
              {kinds.map(([name, prompt], k) => (
                <div key={name} style={{ display: 'grid', gap: '0.25rem' }}>
                  <h3 id={`matrix-${state}-${k}`} style={headingStyle(3)}>
                    {name}
                  </h3>
                  <MatrixCell
                    prompt={prompt}
                    state={state}
                    errors={errors}
                    labelledBy={`matrix-${state}-${k} matrix-${state}`}
                  />
                </div>
              ))}
            </div>
          </section>
        ))}
        <section aria-labelledby="matrix-malformed" style={{ display: 'grid', gap: '0.5rem' }}>
          <h2 id="matrix-malformed" style={headingStyle(2)}>
            malformed
          </h2>
          <div style={matrixRow}>
            {malformed.map(([name, prompt], i) => (
              <div key={prompt.key} style={{ display: 'grid', gap: '0.25rem' }}>
                <h3 id={`matrix-malformed-${i}`} style={headingStyle(3)}>
                  {name}
                </h3>
                <AskUserPrompt prompt={prompt} aria-labelledby={`matrix-malformed-${i}`} />
              </div>
            ))}
          </div>
        </section>
      </div>
    );
  },
  play: async ({ canvasElement, userEvent }) => {
    const refused = [...canvasElement.querySelectorAll<HTMLFormElement>('form[data-matrix-state="refused"]')];
    await expect(refused).toHaveLength(kinds.length);
    for (const f of refused)
      await userEvent.click(f.querySelector('button[type="submit"]') as HTMLButtonElement);
    for (const f of refused) await expect(f).toHaveAttribute('data-invalid');
    const byState = (state: string) => canvasElement.querySelectorAll(`form[data-state="${state}"]`).length;
    await expect(byState('ready')).toBe(kinds.length * 2);
    await expect(byState('submitting')).toBe(kinds.length);
    await expect(byState('failed')).toBe(kinds.length);
    await expect(byState('answered-elsewhere')).toBe(kinds.length);
    await expect(byState('expired')).toBe(kinds.length);
    await expect(byState('answered')).toBe(kinds.length);
    await expect(byState('malformed')).toBe(3);
  },
};
