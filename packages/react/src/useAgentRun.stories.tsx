import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
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
import { replayServer, type RecordedResponse, type ReplayServer } from './stories/replayServer.ts';

interface ConversationProps {
  /** The `fetch` useAgentRun talks through: here, recorded Mastra responses played back in order. */
  fetch: typeof globalThis.fetch;
  /** The conversation (Mastra memory thread and resource): its open prompts are restored on mount. */
  conversation?: { threadId: string; resourceId: string };
}

/** The copy-paste example of the docs page, as a component: a conversation driven by useAgentRun. */
function Conversation({ fetch, conversation }: ConversationProps) {
  const run = useAgentRun({ agentId: 'planner', baseUrl: '', fetch, ...conversation });
  const busy = run.status === 'streaming' || run.status === 'resuming' || run.status === 'reconnecting';
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
  render: (args, { loaded }) => <Conversation {...args} fetch={serverOf(loaded).fetch} />,
} satisfies Meta<Omit<ConversationProps, 'fetch'>>;
export default meta;

type Story = StoryObj<typeof meta>;

/**
 * Plays back recorded responses, one per request, from a server of the render's own, made by the
 * story's loader. Not a spy in the meta's args: a docs page renders several stories at once, and
 * a spy they shared would play one story's responses to another (the last one loaded).
 */
const serve = (responses: RecordedResponse[]): Story['loaders'] => [
  () => ({ server: replayServer(responses) }),
];
const serverOf = (loaded: Record<string, unknown>) => loaded.server as ReplayServer;

/** The one resume request: its route and the exact `resumeData` sent (a string or labels in order). */
const expectResumedWith = async (server: ReplayServer, value: AnswerValue) => {
  const resumesSent = server.requests.filter(({ url }) => url.endsWith('/resume-stream'));
  await expect(resumesSent).toHaveLength(1);
  const body = JSON.parse(String(resumesSent[0]?.init?.body)) as { resumeData: unknown };
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
  loaders: serve([{ sse: streams.text }, { sse: resumes.text.sse }]),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(await question(canvasElement)).toHaveAttribute('data-state', 'ready');
    await expect(canvas.getByRole('textbox', { name: prompts.text.question })).toBeVisible();
  },
};

/** The free-text question answered with the keyboard: type, Enter; the agent's reply streams in. */
export const FreeTextThenAnswered: Story = {
  loaders: FreeText.loaders,
  play: async (context) => {
    await FreeText.play?.(context);
    const { loaded, canvas, canvasElement, userEvent } = context;
    const form = await question(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: prompts.text.question })).toHaveFocus();
    await userEvent.keyboard(`${resumes.text.value}{Enter}`);
    await expect(await canvas.findByText(replyOf(resumes.text.sse), { exact: false })).toBeVisible();
    await expectResumedWith(serverOf(loaded), resumes.text.value);
    await expect(form).toHaveAttribute('data-state', 'answered');
  },
};

/** Single choice with descriptions, with the pointer: Start, and the agent's question arrives. */
export const SingleChoice: Story = {
  loaders: serve([{ sse: streams.single }, { sse: resumes.singleWithDescriptions.sse }]),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Start' }));
    await expect(await question(canvasElement)).toHaveAttribute('data-state', 'ready');
    await expect(canvas.getAllByRole('radio')).toHaveLength(prompts.singleWithDescriptions.options.length);
  },
};

/** The single choice answered with the pointer; the agent's reply streams in. */
export const SingleChoiceThenAnswered: Story = {
  loaders: SingleChoice.loaders,
  play: async (context) => {
    await SingleChoice.play?.(context);
    const { loaded, canvas, canvasElement, userEvent } = context;
    const form = await question(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: resumes.singleWithDescriptions.value }));
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expect(
      await canvas.findByText(replyOf(resumes.singleWithDescriptions.sse), { exact: false }),
    ).toBeVisible();
    await expectResumedWith(serverOf(loaded), resumes.singleWithDescriptions.value);
    await expect(form).toHaveAttribute('data-state', 'answered');
  },
};

/** Multiple choice, with the pointer: Start, and the agent's question arrives. */
export const MultipleChoice: Story = {
  loaders: serve([{ sse: streams.multiple }, { sse: resumes.multiple.sse }]),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Start' }));
    await expect(await question(canvasElement)).toHaveAttribute('data-state', 'ready');
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(prompts.multiple.options.length);
  },
};

/** The multiple choice answered: the labels go over the wire as an array, in the order offered. */
export const MultipleChoiceThenAnswered: Story = {
  loaders: MultipleChoice.loaders,
  play: async (context) => {
    const { loaded, canvas, userEvent } = context;
    const chosen = ['Museums', 'Food tours'];
    // The recording was resumed with these labels: Mastra's tool result says so.
    await expect(resumes.multiple.answered).toBe(chosen.join(', '));
    await MultipleChoice.play?.(context);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Food tours' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Museums' }));
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await expect(await canvas.findByText(replyOf(resumes.multiple.sse), { exact: false })).toBeVisible();
    await expectResumedWith(serverOf(loaded), chosen);
  },
};

/**
 * The run was answered elsewhere meanwhile: Mastra's recorded 500 (a server without the
 * exactly-once guard) becomes the expired state. With no conversation named, nothing is listed again.
 */
export const Expired: Story = {
  loaders: serve([{ sse: streams.single }, { status: expiredResponse.status, json: expiredResponse.body }]),
  play: async ({ loaded, canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Start' }));
    const form = await question(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Car' }));
    await userEvent.click(canvas.getByRole('button', { name: defaultLabels.submit }));
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'expired'));
    await expectResumedWith(serverOf(loaded), 'Car');
    await expect(canvas.getByText(defaultLabels.expired, { selector: '[data-part="error"]' })).toBeVisible();
  },
};

/**
 * A submit that failed on the network, with the app's own Retry outside the prompt (it calls
 * `run.retry(promptKey)`).
 */
export const RetryFromOutside: Story = {
  loaders: serve([
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
  loaders: RetryFromOutside.loaders,
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
  loaders: serve([{ status: 200, json: suspendedRunsResponse }, { pending: true }]),
  play: async ({ loaded, canvas, canvasElement }) => {
    await expect(await question(canvasElement)).toHaveAttribute('data-state', 'ready');
    const listUrl = serverOf(loaded).requests[0]?.url;
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
    const { loaded, canvas, canvasElement, userEvent } = context;
    const form = await question(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('textbox')).toHaveFocus();
    await userEvent.keyboard('Lisbon{Enter}');
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'submitting'));
    await expectResumedWith(serverOf(loaded), 'Lisbon');
    const init = serverOf(loaded).requests[1]?.init;
    await expect(JSON.parse(String(init?.body)).runId).toBe(suspendedRunsResponse.runs[0]?.runId);
  },
};
