import type { Prompt } from '@ask-user-kit/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AskUserPrompt } from './AskUserPrompt.tsx';
import { RequestError, type PromptEntry, type Refusal, type RunError } from '@ask-user-kit/core';
import { promptEntry } from './test/promptEntry.ts';

const requestError = (error: RunError | Refusal, promptKey?: string) =>
  new RequestError(error, { promptKey });
import { expectNoAxeViolations } from './test/axe.ts';
import { multiplePrompt, singlePrompt, textPrompt } from './test/prompts.ts';
import type { AskUserPromptRun } from './types.ts';

function deferred<T = void>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((resolvePromise, rejectPromise) => {
    resolve = resolvePromise;
    reject = rejectPromise;
  });
  return { promise, resolve, reject };
}

const form = (container: HTMLElement) => container.querySelector('form') as HTMLFormElement;

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('sending with onSubmit', () => {
  it('submitting: controls disabled, aria-busy, "Sending…"; then answered: the answer read-only', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const { container } = render(<AskUserPrompt prompt={singlePrompt()} onSubmit={() => pending.promise} />);
    await user.click(screen.getByRole('radio', { name: 'Train' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const root = form(container);
    expect(root).toHaveAttribute('data-state', 'submitting');
    expect(root).toHaveAttribute('aria-busy', 'true');
    expect(root).toHaveAttribute('data-disabled');
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Sending your answer…');
    await expectNoAxeViolations(container);

    await act(async () => pending.resolve());
    expect(root).toHaveAttribute('data-state', 'answered');
    expect(root).not.toHaveAttribute('aria-busy');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('How will you travel?')).toBeInTheDocument();
    expect(container.querySelector('[data-part="answer"]')).toHaveTextContent('Train');
    expect(screen.getByRole('status')).toHaveTextContent('Answer sent.');
    await expectNoAxeViolations(container);
  });

  it('failed: shows the server message and Retry, keeps the answer; Retry sends it again', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const badGateway = requestError({
      code: 'http',
      status: 502,
      message: 'The agent server answered 502 Bad Gateway.',
    });
    const onSubmit = vi.fn(() => {
      attempt += 1;
      if (attempt === 1) return Promise.reject(badGateway);
      return Promise.resolve();
    });
    const { container } = render(<AskUserPrompt prompt={textPrompt()} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox'), 'Lisbon{Enter}');

    const root = form(container);
    expect(root).toHaveAttribute('data-state', 'failed');
    expect(container.querySelector('[data-part="error"]')).toHaveTextContent(
      'Your answer could not be sent: The agent server answered 502 Bad Gateway.',
    );
    expect(screen.getByRole('textbox')).toHaveValue('Lisbon');
    expect(screen.getByRole('textbox')).toBeEnabled();
    const retry = screen.getByRole('button', { name: 'Retry' });
    expect(retry).toHaveAccessibleDescription(expect.stringContaining('502 Bad Gateway'));
    expect(screen.getByRole('status')).toHaveTextContent('502 Bad Gateway');
    await expectNoAxeViolations(container);

    await user.click(retry);
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onSubmit).toHaveBeenLastCalledWith('Lisbon');
    expect(root).toHaveAttribute('data-state', 'answered');
  });

  it('gives focus back to the field after a failure that happened while it was disabled', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    render(<AskUserPrompt prompt={textPrompt()} onSubmit={() => pending.promise} />);
    await user.type(screen.getByRole('textbox'), 'Lisbon{Enter}');
    expect(screen.getByRole('textbox')).toBeDisabled();
    await act(async () => pending.reject(new Error('offline')));
    expect(screen.getByRole('textbox')).toHaveFocus();
  });

  // Closed for good: nothing to answer or retry, and the reason said where the error goes and announced.
  it.each([
    {
      state: 'expired',
      error: requestError({ code: 'expired', message: 'gone' }),
      says: 'This question was already answered or is no longer open.',
    },
    {
      state: 'answered-elsewhere',
      error: requestError({
        code: 'answered-elsewhere',
        status: 409,
        message: 'This question was already answered.',
      }),
      says: 'This question was answered in another window or device.',
    },
  ])(
    '$state: says why where errors go, announces it and offers nothing to answer',
    async ({ state, error, says }) => {
      const user = userEvent.setup();
      const { container } = render(
        <AskUserPrompt prompt={singlePrompt()} onSubmit={() => Promise.reject(error)} />,
      );
      await user.click(screen.getByRole('radio', { name: 'Car' }));
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(form(container)).toHaveAttribute('data-state', state);
      expect(container.querySelector('[data-part="error"]')).toHaveTextContent(says);
      expect(screen.getByRole('status')).toHaveTextContent(says);
      expect(screen.queryByRole('radio')).toBeNull();
      expect(screen.queryByRole('button')).toBeNull();
      await expectNoAxeViolations(container);
    },
  );

  it('a handler that throws synchronously shows the failed state instead of crashing', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <AskUserPrompt
        prompt={textPrompt()}
        onSubmit={() => {
          throw new Error('not wired up');
        }}
      />,
    );
    await user.type(screen.getByRole('textbox'), 'Lisbon{Enter}');
    // Core's toRunError words anything that is not one of its own errors as a failure to reach the server.
    expect(container.querySelector('[data-part="error"]')).toHaveTextContent(
      'Your answer could not be sent: Could not reach the agent server: not wired up.',
    );
    expect(screen.getByRole('textbox')).toHaveValue('Lisbon');
  });

  it.each<[string, unknown, string]>([
    ['busy', requestError({ code: 'busy', message: 'busy' }), 'The agent is still busy.'],
    ['aborted', requestError({ code: 'aborted', message: 'cancelled' }), 'Sending was cancelled.'],
    [
      'an aborted fetch',
      new DOMException('The operation was aborted.', 'AbortError'),
      'Sending was cancelled.',
    ],
  ])('%s: says so in its own words, keeps the answer and offers Retry', async (_, thrown, text) => {
    const user = userEvent.setup();
    const { container } = render(
      <AskUserPrompt prompt={textPrompt()} onSubmit={() => Promise.reject(thrown)} />,
    );
    await user.type(screen.getByRole('textbox'), 'Lisbon{Enter}');
    expect(form(container)).toHaveAttribute('data-state', 'failed');
    expect(container.querySelector('[data-part="error"]')).toHaveTextContent(text);
    expect(container.querySelector('[data-part="error"]')).not.toHaveTextContent('could not be sent');
    expect(screen.getByRole('textbox')).toHaveValue('Lisbon');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    await expectNoAxeViolations(container);
  });

  it('shows an answer passed in as answered (for transcripts)', async () => {
    const { container } = render(<AskUserPrompt prompt={multiplePrompt()} answer={['Museums', 'Hiking']} />);
    expect(form(container)).toHaveAttribute('data-state', 'answered');
    expect(container.querySelector('[data-part="answer"]')).toHaveTextContent('Museums, Hiking');
    // Mounted already answered: nothing to announce.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await expectNoAxeViolations(container);
  });
});
describe('with a run', () => {
  // The run's side of the contract (AskUserPromptRun): the prompt's transcript entry is its state.
  // useAgentRun's tests and the browser test produce those entries against a real Mastra server.
  function runWith(prompt: Prompt, entries: PromptEntry[] = []) {
    return {
      submit: vi.fn<AskUserPromptRun['submit']>(() => Promise.resolve()),
      retry: vi.fn<AskUserPromptRun['retry']>(() => Promise.resolve()),
      transcript: entries,
      openPrompts: [prompt],
    };
  }

  it('reads its state and answer from its transcript entry alone', async () => {
    const user = userEvent.setup();
    const prompt = singlePrompt();
    const run = runWith(prompt, [promptEntry(prompt, 'ready')]);
    const { container, rerender } = render(<AskUserPrompt prompt={prompt} run={run} />);
    const root = form(container);
    expect(root).toHaveAttribute('data-state', 'ready');
    await user.click(screen.getByRole('radio', { name: 'Plane' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(run.submit).toHaveBeenCalledExactlyOnceWith(prompt.key, 'Plane', {
      allowOther: false,
      maxLength: undefined,
    });
    // The run has not said anything yet: still ready.
    expect(root).toHaveAttribute('data-state', 'ready');

    rerender(
      <AskUserPrompt
        prompt={prompt}
        run={{ ...run, transcript: [promptEntry(prompt, 'submitting', { answer: 'Plane' })] }}
      />,
    );
    expect(root).toHaveAttribute('data-state', 'submitting');
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Sending your answer…');

    rerender(
      <AskUserPrompt
        prompt={prompt}
        run={{ ...run, transcript: [promptEntry(prompt, 'answered', { answer: 'Plane' })] }}
      />,
    );
    expect(root).toHaveAttribute('data-state', 'answered');
    expect(container.querySelector('[data-part="answer"]')).toHaveTextContent('Plane');
    expect(screen.getByRole('status')).toHaveTextContent('Answer sent.');
  });

  it('after a failure, Retry calls run.retry while the draft is unchanged, and run.submit once it changed', async () => {
    const user = userEvent.setup();
    const prompt = singlePrompt();
    const run = runWith(prompt, [promptEntry(prompt, 'ready')]);
    const failed = {
      ...run,
      transcript: [promptEntry(prompt, 'failed', { error: { code: 'http', status: 500, message: 'Boom' } })],
    };
    const { container, rerender } = render(<AskUserPrompt prompt={prompt} run={run} />);
    await user.click(screen.getByRole('radio', { name: 'Train' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    rerender(<AskUserPrompt prompt={prompt} run={failed} />);

    expect(form(container)).toHaveAttribute('data-state', 'failed');
    expect(container.querySelector('[data-part="error"]')).toHaveTextContent(
      'Your answer could not be sent: Boom',
    );
    expect(screen.getByRole('radio', { name: 'Train' })).toBeChecked();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(run.retry).toHaveBeenCalledExactlyOnceWith(prompt.key);
    expect(run.submit).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('radio', { name: 'Car' }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(run.retry).toHaveBeenCalledOnce();
    expect(run.submit).toHaveBeenLastCalledWith(prompt.key, 'Car', {
      allowOther: false,
      maxLength: undefined,
    });
  });

  it('answered-elsewhere: says so, announces it and offers nothing to answer', async () => {
    const prompt = singlePrompt();
    const run = runWith(prompt, [promptEntry(prompt, 'ready')]);
    const { container, rerender } = render(<AskUserPrompt prompt={prompt} run={run} />);
    rerender(
      <AskUserPrompt
        prompt={prompt}
        run={{ ...run, transcript: [promptEntry(prompt, 'answered-elsewhere')], openPrompts: [] }}
      />,
    );
    expect(form(container)).toHaveAttribute('data-state', 'answered-elsewhere');
    const text = 'This question was answered in another window or device.';
    expect(container.querySelector('[data-part="error"]')).toHaveTextContent(text);
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('is expired when the run neither lists it nor has an entry for it', () => {
    const prompt = textPrompt();
    const { container } = render(
      <AskUserPrompt prompt={prompt} run={{ ...runWith(prompt), openPrompts: [] }} />,
    );
    expect(form(container)).toHaveAttribute('data-state', 'expired');
    expect(screen.getByText('This question was already answered or is no longer open.')).toBeInTheDocument();
  });

  it("shows the run's own refusal (invalid-answer) as an invalid answer, not as a failed submit", async () => {
    const user = userEvent.setup();
    const prompt = singlePrompt();
    const message = 'Green is not one of the options.';
    const run = runWith(prompt);
    run.submit.mockRejectedValueOnce(requestError({ code: 'invalid-answer', message }, prompt.key));
    const { container } = render(<AskUserPrompt prompt={prompt} run={run} />);
    await user.click(screen.getByRole('radio', { name: 'Train' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const root = form(container);
    expect(root).toHaveAttribute('data-state', 'ready');
    expect(root).toHaveAttribute('data-invalid');
    expect(screen.getByText(message)).toHaveAttribute('data-part', 'error');
    for (const radio of screen.getAllByRole('radio')) expect(radio).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group')).toHaveAccessibleDescription(expect.stringContaining(message));
    // Ready to answer again: Send, not Retry, and no "could not be sent".
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(container).not.toHaveTextContent('could not be sent');
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('radio', { name: 'Plane' }));
    expect(root).not.toHaveAttribute('data-invalid');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(run.submit).toHaveBeenLastCalledWith(prompt.key, 'Plane', {
      allowOther: false,
      maxLength: undefined,
    });
  });

  it('says so when the run was busy, and stays ready to submit again', async () => {
    const user = userEvent.setup();
    const prompt = textPrompt();
    const run = runWith(prompt);
    run.submit.mockRejectedValueOnce(
      requestError({ code: 'busy', message: 'A request is still running.' }, prompt.key),
    );
    const { container } = render(<AskUserPrompt prompt={prompt} run={run} />);
    await user.type(screen.getByRole('textbox'), 'Lisbon{Enter}');
    expect(form(container)).toHaveAttribute('data-state', 'ready');
    expect(form(container)).not.toHaveAttribute('data-invalid');
    expect(container.querySelector('[data-part="error"]')).toHaveTextContent('The agent is still busy.');
    await user.keyboard('{Enter}');
    expect(run.submit).toHaveBeenCalledTimes(2);
  });
});
