import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, type Mock } from 'storybook/test';
import { AskUserPrompt, defaultLabels, useAgentRun, type AnswerValue } from './index.ts';
import {
  expiredResponse,
  prompts,
  replyOf,
  resumes,
  serverDown,
  streams,
  suspendedRunsResponse,
} from './stories/payloads.ts';
import { replayFetch, type RecordedResponse } from './stories/replayServer.ts';

interface ConversationProps {
  /** The `fetch` useAgentRun talks through: here, recorded Mastra responses played back in order. */
  fetch: typeof globalThis.fetch;
  /** The conversation (Mastra memory thread and resource): its open prompts are restored on mount. */
  conversation?: { threadId: string; resourceId: string };
}

/** The copy-paste example of the docs page, as a component: a conversation driven by useAgentRun. */
function Conversation({ fetch, conversation }: ConversationProps) {
  const run = useAgentRun({ agentId: 'planner', baseUrl: '', fetch, ...conversation });
  const busy = run.status === 'streaming' || run.status === 'resuming';
  const failed = run.transcript.find((entry) => entry.type === 'prompt' && entry.state === 'failed');
  return (
    <section aria-label="Conversation" style={{ display: 'grid', gap: '0.75rem', maxWidth: '34rem' }}>
      {run.transcript.length === 0 && !run.restoring ? (
        <button
          type="button"
          onClick={() => void run.send('Help me plan a trip.').catch(() => {})}
          disabled={busy}
        >
          Start
        </button>
      ) : null}
      {run.transcript.map((entry) =>
        entry.type === 'prompt' ? (
          <AskUserPrompt key={entry.id} run={run} prompt={entry.prompt} />
        ) : (
          <p key={entry.id} data-from={entry.type} style={{ margin: 0 }}>
            {entry.type === 'user' ? 'You: ' : 'Agent: '}
            {entry.text}
          </p>
        ),
      )}
      {failed ? (
        // An app's own Retry, outside the prompt (a banner, a toast): the failed answer, unchanged.
        <button type="button" onClick={() => void run.retry(failed.id).catch(() => {})}>
          Send the failed answer again
        </button>
      ) : null}
    </section>
  );
}

/**
 * `useAgentRun` + `<AskUserPrompt run>`, end to end in the browser: the hook's real fetch
 * transport, store and restore query, playing back streams a real Mastra server sent (core fixtures).
 * Each `play` checks the exact `resumeData` that went over the wire.
 */
const meta = {
  title: 'Prompt/With useAgentRun',
  component: Conversation,
  args: { fetch: fn() },
  argTypes: { fetch: { control: false } },
} satisfies Meta<typeof Conversation>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Plays back recorded responses through the `fetch` spy, one per request. */
const serve =
  (responses: RecordedResponse[]): Story['beforeEach'] =>
  ({ args }) => {
    (args.fetch as Mock).mockImplementation(replayFetch(responses));
  };

/** The one resume request: its route and the exact `resumeData` sent (a string or labels in order). */
const expectResumedWith = async (fetchSpy: unknown, value: AnswerValue) => {
  const calls = (fetchSpy as Mock).mock.calls as [string, RequestInit][];
  const resumesSent = calls.filter(([url]) => String(url).endsWith('/resume-stream'));
  await expect(resumesSent).toHaveLength(1);
  const body = JSON.parse(String(resumesSent[0]?.[1].body)) as { resumeData: unknown };
  await expect(body.resumeData).toEqual(value);
};

const question = (canvasElement: HTMLElement) =>
  waitFor(() => {
    const form = canvasElement.querySelector<HTMLFormElement>('form[data-part="root"]');
    if (!form) throw new Error('no question yet');
    return form;
  });

/** Free text, with the keyboard: Start, and the agent's question arrives. */
export const FreeText: Story = {
  beforeEach: serve([{ sse: streams.text }, { sse: resumes.text.sse }]),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(await question(canvasElement)).toHaveAttribute('data-state', 'ready');
    await expect(canvas.getByRole('textbox', { name: prompts.text.question })).toBeVisible();
  },
};

/** The free-text question answered with the keyboard: type, Enter; the agent's reply streams in. */
export const FreeTextThenAnswered: Story = {
  beforeEach: FreeText.beforeEach,
  play: async (context) => {
    await FreeText.play?.(context);
    const { args, canvas, canvasElement, userEvent } = context;
    const form = await question(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: prompts.text.question })).toHaveFocus();
    await userEvent.keyboard(`${resumes.text.value}{Enter}`);
    await expect(await canvas.findByText(replyOf(resumes.text.sse), { exact: false })).toBeVisible();
    await expectResumedWith(args.fetch, resumes.text.value);
    await expect(form).toHaveAttribute('data-state', 'answered');
  },
};

/** Single choice with descriptions, with the pointer: Start, and the agent's question arrives. */
export const SingleChoice: Story = {
  beforeEach: serve([{ sse: streams.single }, { sse: resumes.singleWithDescriptions.sse }]),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Start' }));
    await expect(await question(canvasElement)).toHaveAttribute('data-state', 'ready');
    await expect(canvas.getAllByRole('radio')).toHaveLength(prompts.singleWithDescriptions.options.length);
  },
};

/** The single choice answered with the pointer; the agent's reply streams in. */
export const SingleChoiceThenAnswered: Story = {
  beforeEach: SingleChoice.beforeEach,
  play: async (context) => {
    await SingleChoice.play?.(context);
    const { args, canvas, canvasElement, userEvent } = context;
    const form = await question(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: resumes.singleWithDescriptions.value }));
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expect(
      await canvas.findByText(replyOf(resumes.singleWithDescriptions.sse), { exact: false }),
    ).toBeVisible();
    await expectResumedWith(args.fetch, resumes.singleWithDescriptions.value);
    await expect(form).toHaveAttribute('data-state', 'answered');
  },
};

/** Multiple choice, with the pointer: Start, and the agent's question arrives. */
export const MultipleChoice: Story = {
  beforeEach: serve([{ sse: streams.multiple }, { sse: resumes.multiple.sse }]),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Start' }));
    await expect(await question(canvasElement)).toHaveAttribute('data-state', 'ready');
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(prompts.multiple.options.length);
  },
};

/** The multiple choice answered: the labels go over the wire as an array, in the order offered. */
export const MultipleChoiceThenAnswered: Story = {
  beforeEach: MultipleChoice.beforeEach,
  play: async (context) => {
    const { args, canvas, userEvent } = context;
    const chosen = ['Museums', 'Food tours'];
    // The recording was resumed with these labels: Mastra's tool result says so.
    await expect(resumes.multiple.answered).toBe(chosen.join(', '));
    await MultipleChoice.play?.(context);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Food tours' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Museums' }));
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expect(await canvas.findByText(replyOf(resumes.multiple.sse), { exact: false })).toBeVisible();
    await expectResumedWith(args.fetch, chosen);
  },
};

/**
 * The run was answered elsewhere meanwhile: Mastra's recorded 500 (a server without the
 * exactly-once guard) becomes the expired state. With no conversation named, nothing is listed again.
 */
export const Expired: Story = {
  beforeEach: serve([
    { sse: streams.single },
    { status: expiredResponse.status, json: expiredResponse.body },
  ]),
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Start' }));
    const form = await question(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Car' }));
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'expired'));
    await expectResumedWith(args.fetch, 'Car');
    await expect(canvas.getByText(defaultLabels.expired, { selector: '[data-part="error"]' })).toBeVisible();
  },
};

/**
 * A submit that failed on the network, with the app's own Retry outside the prompt (it calls
 * `run.retry(promptKey)`).
 */
export const RetryFromOutside: Story = {
  beforeEach: serve([
    { sse: streams.text },
    { networkError: serverDown.networkError },
    { sse: resumes.text.sse },
  ]),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Start' }));
    const form = await question(canvasElement);
    await userEvent.type(canvas.getByRole('textbox'), `${resumes.text.value}{Enter}`);
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'failed'));
    await expect(canvas.getByRole('button', { name: 'Send the failed answer again' })).toBeVisible();
  },
};

/** The failed answer sent again from outside the prompt: the same answer goes out, and the prompt follows. */
export const RetryFromOutsideThenAnswered: Story = {
  beforeEach: RetryFromOutside.beforeEach,
  play: async (context) => {
    await RetryFromOutside.play?.(context);
    const { canvas, canvasElement, userEvent } = context;
    const form = await question(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send the failed answer again' }));
    await expect(await canvas.findByText(replyOf(resumes.text.sse), { exact: false })).toBeVisible();
    await expect(form).toHaveAttribute('data-state', 'answered');
  },
};

/**
 * After a reload: the question still open on the server comes back from Mastra's suspended-runs
 * list (recorded), without sending anything.
 */
export const RestoredAfterReload: Story = {
  args: { conversation: { threadId: 'fixture-thread', resourceId: 'fixture-user' } },
  beforeEach: serve([{ status: 200, json: suspendedRunsResponse }, { pending: true }]),
  play: async ({ args, canvas, canvasElement }) => {
    await expect(await question(canvasElement)).toHaveAttribute('data-state', 'ready');
    const [listUrl] = (args.fetch as Mock).mock.calls[0] as [string];
    await expect(listUrl).toMatch(/\/api\/agents\/planner\/suspended-runs\?resourceId=fixture-user$/);
    await expect(canvas.queryByRole('button', { name: 'Start' })).toBeNull();
  },
};

/**
 * The restored question answered with the keyboard: the answer goes to that run; the server has
 * not answered yet, so the prompt stays submitting.
 */
export const RestoredAfterReloadThenSubmitting: Story = {
  ...RestoredAfterReload,
  play: async (context) => {
    await RestoredAfterReload.play?.(context);
    const { args, canvas, canvasElement, userEvent } = context;
    const form = await question(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('textbox')).toHaveFocus();
    await userEvent.keyboard('Lisbon{Enter}');
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'submitting'));
    await expectResumedWith(args.fetch, 'Lisbon');
    const [, init] = (args.fetch as Mock).mock.calls[1] as [string, RequestInit];
    await expect(JSON.parse(String(init.body)).runId).toBe(suspendedRunsResponse.runs[0]?.runId);
  },
};
