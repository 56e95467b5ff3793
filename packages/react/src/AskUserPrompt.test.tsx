import type { AnswerValue, Prompt } from '@ask-user-kit/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, createRef, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AskUserPrompt, useAskUserPrompt, type AnswerState, type AskUserPromptRun } from './AskUserPrompt.tsx';
import type { AnswerDraft } from './draft.ts';
import { expectNoAxeViolations } from './test/axe.ts';
import { malformedPrompt, multiplePrompt, promptFrom, singlePrompt, textPrompt } from './test/prompts.ts';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const form = (container: HTMLElement) => container.querySelector('form') as HTMLFormElement;

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('free text', () => {
  it('is a labelled textarea with a hint; Enter sends the trimmed text', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { container } = render(<AskUserPrompt prompt={textPrompt()} onSubmit={onSubmit} />);
    const field = screen.getByRole('textbox', { name: 'Where would you like to go?' });
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveAccessibleDescription('Press Enter to send, Shift+Enter for a new line.');
    // The form is not a named landmark (a chat may ask the same question twice); the label names the question.
    expect(screen.queryByRole('form')).toBeNull();
    expect(form(container)).not.toHaveAttribute('aria-labelledby');
    await expectNoAxeViolations(container);

    await user.type(field, '  Lisbon {Enter}');
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit).toHaveBeenCalledWith('Lisbon');
  });

  it('adds a line on Shift+Enter instead of sending', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AskUserPrompt prompt={textPrompt()} onSubmit={onSubmit} />);
    const field = screen.getByRole('textbox');
    await user.type(field, 'Lisbon{Shift>}{Enter}{/Shift}then Porto');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field).toHaveValue('Lisbon\nthen Porto');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith('Lisbon\nthen Porto');
  });

  it('is reachable and sent with the keyboard alone', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AskUserPrompt prompt={textPrompt()} onSubmit={onSubmit} />);
    await user.tab();
    expect(screen.getByRole('textbox')).toHaveFocus();
    await user.keyboard('Porto');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Porto');
  });

  it('refuses an empty answer: message tied to the field, which gets focus', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { container } = render(<AskUserPrompt prompt={textPrompt()} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const field = screen.getByRole('textbox');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Please write an answer.'));
    expect(field).toHaveFocus();
    expect(form(container)).toHaveAttribute('data-invalid');
    expect(form(container)).toHaveAttribute('data-state', 'ready');
    await expectNoAxeViolations(container);
    // A second refusal in a row brings focus back to the field too.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(field).toHaveFocus();

    await user.type(field, 'x');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please write an answer.')).toBeNull();
  });

  it('refuses an answer over maxLength with the limit in the message', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AskUserPrompt prompt={textPrompt()} onSubmit={onSubmit} maxLength={5} />);
    await user.type(screen.getByRole('textbox'), 'Lisbon{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Please keep the answer under 5 characters.')).toBeInTheDocument();
  });
});

describe('single choice', () => {
  it('is a fieldset of native radios with the question as legend and descriptions tied to options', async () => {
    const { container } = render(<AskUserPrompt prompt={singlePrompt()} onSubmit={() => {}} />);
    const group = screen.getByRole('group', { name: 'How will you travel?' });
    expect(group.tagName).toBe('FIELDSET');
    expect(group.querySelector('legend')).toHaveTextContent('How will you travel?');
    expect(group).toHaveAccessibleDescription('Choose one.');
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).name)).toEqual(Array(3).fill((radios[0] as HTMLInputElement).name));
    expect(screen.getByRole('radio', { name: 'Train' })).toHaveAccessibleDescription('Slower, scenic, low carbon');
    expect(screen.getByRole('radio', { name: 'Car' })).not.toHaveAccessibleDescription();
    await expectNoAxeViolations(container);
  });

  it('sends the clicked option', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AskUserPrompt prompt={singlePrompt()} onSubmit={onSubmit} />);
    await user.click(screen.getByText('Plane'));
    expect(screen.getByRole('radio', { name: 'Plane' })).toBeChecked();
    expect(screen.getByText('Plane').closest('label')).toHaveAttribute('data-state', 'checked');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith('Plane');
  });

  it('is chosen and sent with the keyboard: arrows move the choice, Enter sends', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AskUserPrompt prompt={singlePrompt()} onSubmit={onSubmit} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Train' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'Train' })).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Plane' })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Plane');
  });

  it('refuses no choice and moves focus to the first radio', async () => {
    const user = userEvent.setup();
    const { container } = render(<AskUserPrompt prompt={singlePrompt()} onSubmit={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const group = screen.getByRole('group');
    expect(group).toHaveAccessibleDescription('Choose one. Choose one option.');
    expect(group).toHaveAttribute('data-invalid');
    expect(screen.getByRole('radio', { name: 'Train' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Train' })).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(container);
  });
});

describe('multiple choice', () => {
  it('is a fieldset of checkboxes showing how many are chosen; sends labels in offered order', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { container } = render(<AskUserPrompt prompt={multiplePrompt()} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: 'What should the trip include?' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3);
    expect(group).toHaveAccessibleDescription('Choose one or more. 0 chosen');
    await user.click(screen.getByRole('checkbox', { name: 'Food tours' }));
    await user.click(screen.getByRole('checkbox', { name: 'Museums' }));
    expect(screen.getByText('2 chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Food tours' }));
    expect(screen.getByText('1 chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Food tours' }));
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith(['Museums', 'Food tours']);
  });

  it('is toggled with Space and sent with the keyboard alone', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AskUserPrompt prompt={multiplePrompt()} onSubmit={onSubmit} />);
    await user.tab();
    await user.keyboard(' ');
    await user.tab();
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByText('2 chosen')).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith(['Museums', 'Food tours']);
  });

  it('refuses an empty choice', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AskUserPrompt prompt={multiplePrompt()} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Choose at least one option.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Museums' })).toHaveFocus();
  });
});

describe('"Other…" answers', () => {
  it('is off unless allowOther is set', () => {
    render(<AskUserPrompt prompt={singlePrompt()} onSubmit={() => {}} />);
    expect(screen.queryByRole('radio', { name: 'Other…' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('sends the typed text for a single choice; typing chooses "Other…"', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { container } = render(<AskUserPrompt prompt={singlePrompt()} onSubmit={onSubmit} allowOther />);
    await user.click(screen.getByRole('radio', { name: 'Car' }));
    await user.type(screen.getByRole('textbox', { name: 'Your own answer' }), 'Bicycle');
    expect(screen.getByRole('radio', { name: 'Other…' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Car' })).not.toBeChecked();
    await expectNoAxeViolations(container);
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Bicycle');
  });

  it('keeps the typed text when another option is chosen, and sends that option', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AskUserPrompt prompt={singlePrompt()} onSubmit={onSubmit} allowOther />);
    await user.type(screen.getByRole('textbox', { name: 'Your own answer' }), 'Bicycle');
    await user.click(screen.getByRole('radio', { name: 'Train' }));
    expect(screen.getByRole('textbox', { name: 'Your own answer' })).toHaveValue('Bicycle');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith('Train');
  });

  it('refuses "Other…" left empty and moves focus to its text field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { container } = render(<AskUserPrompt prompt={singlePrompt()} onSubmit={onSubmit} allowOther />);
    await user.click(screen.getByRole('radio', { name: 'Other…' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const other = screen.getByRole('textbox', { name: 'Your own answer' });
    expect(other).toHaveFocus();
    expect(other).toHaveAttribute('aria-invalid', 'true');
    expect(other).toHaveAccessibleDescription('Type your own answer, or choose one of the options.');
    await expectNoAxeViolations(container);
  });

  it('adds the typed text after the chosen labels for a multiple choice', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AskUserPrompt prompt={multiplePrompt()} onSubmit={onSubmit} allowOther />);
    await user.click(screen.getByRole('checkbox', { name: 'Hiking' }));
    await user.type(screen.getByRole('textbox', { name: 'Your own answer' }), 'Wine tasting');
    expect(screen.getByRole('checkbox', { name: 'Other…' })).toBeChecked();
    expect(screen.getByText('2 chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith(['Hiking', 'Wine tasting']);
  });

  it('leaves the typed text out when "Other…" is unticked', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AskUserPrompt prompt={multiplePrompt()} onSubmit={onSubmit} allowOther />);
    await user.type(screen.getByRole('textbox', { name: 'Your own answer' }), 'Wine tasting');
    await user.click(screen.getByRole('checkbox', { name: 'Other…' }));
    await user.click(screen.getByRole('checkbox', { name: 'Museums' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith(['Museums']);
  });
});

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
    const onSubmit = vi.fn(() =>
      ++attempt === 1 ? Promise.reject(new Error('The agent server answered 502 Bad Gateway.')) : Promise.resolve(),
    );
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

  it('expired: says the question is no longer open', async () => {
    const user = userEvent.setup();
    const expired = Object.assign(new Error('gone'), { error: { code: 'expired', message: 'gone' } });
    const { container } = render(<AskUserPrompt prompt={textPrompt()} onSubmit={() => Promise.reject(expired)} />);
    await user.type(screen.getByRole('textbox'), 'Lisbon{Enter}');
    expect(form(container)).toHaveAttribute('data-state', 'expired');
    expect(container.querySelector('[data-part="error"]')).toHaveTextContent(
      'This question was already answered or is no longer open.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('This question was already answered or is no longer open.');
    expect(screen.queryByRole('textbox')).toBeNull();
    await expectNoAxeViolations(container);
  });

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
    expect(container.querySelector('[data-part="error"]')).toHaveTextContent('Your answer could not be sent: not wired up');
    expect(screen.getByRole('textbox')).toHaveValue('Lisbon');
  });

  it.each<[string, unknown, string]>([
    ['busy', Object.assign(new Error('busy'), { error: { code: 'busy', message: 'busy' } }), 'The agent is still busy.'],
    ['aborted', Object.assign(new Error('cancelled'), { error: { code: 'aborted', message: 'cancelled' } }), 'Sending was cancelled.'],
    ['an aborted fetch', new DOMException('The operation was aborted.', 'AbortError'), 'Sending was cancelled.'],
  ])('%s: says so in its own words, keeps the answer and offers Retry', async (_, thrown, text) => {
    const user = userEvent.setup();
    const { container } = render(<AskUserPrompt prompt={textPrompt()} onSubmit={() => Promise.reject(thrown)} />);
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
  // The run's side of the contract (AskUserPromptRun), as useAgentRun fills it: this covers how the
  // prompt reads an answer state that useAgentRun's tests produce against a real server.
  function runWith(prompt: Prompt, state: AnswerState): AskUserPromptRun & { answer: ReturnType<typeof vi.fn> } {
    return { answer: vi.fn(() => Promise.resolve()), answerState: () => state, pending: [prompt], transcript: [] };
  }

  it("shows the run's own refusal (invalid-answer) as an invalid answer, not as a failed send", async () => {
    const prompt = singlePrompt();
    const message = 'Green is not one of the options.';
    const run = runWith(prompt, { status: 'error', error: { code: 'invalid-answer', message }, value: 'Green' });
    const { container } = render(<AskUserPrompt prompt={prompt} run={run} />);
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

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Plane' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(run.answer).toHaveBeenCalledWith(prompt.key, 'Plane', { allowOther: false, maxLength: undefined });
  });

  it('shows any other error of the run as a failed send with Retry', () => {
    const prompt = singlePrompt();
    const run = runWith(prompt, { status: 'error', error: { code: 'http', status: 500, message: 'Boom' }, value: 'Train' });
    const { container } = render(<AskUserPrompt prompt={prompt} run={run} />);
    expect(form(container)).toHaveAttribute('data-state', 'failed');
    expect(screen.getByText('Your answer could not be sent: Boom')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });
});

describe('invalid prompts', () => {
  it('explains what is wrong with the payload', async () => {
    const { container } = render(<AskUserPrompt prompt={malformedPrompt()} onSubmit={() => {}} />);
    const root = form(container);
    expect(root).toHaveAttribute('data-kind', 'invalid');
    expect(root).toHaveAttribute('data-state', 'malformed');
    expect(screen.getByText('Pick one')).toBeInTheDocument();
    expect(
      screen.getByText('This question cannot be shown: selectionMode "single_select" needs options, and none were given.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it.each([
    ['a number', 42],
    ['no question', { options: [{ label: 'A' }] }],
    ['options that are not a list', { question: 'Q?', options: 'A, B' }],
  ])('never throws on a payload with %s', (_name, payload) => {
    render(<AskUserPrompt prompt={promptFrom(payload)} onSubmit={() => {}} />);
    expect(screen.getByText(/This question cannot be shown: .+\./)).toBeInTheDocument();
  });

  it('never throws on something that is not a prompt at all', () => {
    const notAPrompt = { kind: 'single', question: 'Q?' } as unknown as Prompt;
    render(<AskUserPrompt prompt={notAPrompt} onSubmit={() => {}} />);
    expect(screen.getByText(/This question cannot be shown: .*not a parsed prompt/)).toBeInTheDocument();
  });
});

describe('text from the payload', () => {
  it('is rendered as text, never as HTML', () => {
    const prompt = promptFrom({
      question: '<img src=x onerror="alert(1)"> <b>bold</b>?',
      options: [{ label: '<script>alert(2)</script>', description: '<i>desc</i>' }],
      selectionMode: 'single_select',
    });
    const { container } = render(<AskUserPrompt prompt={prompt} onSubmit={() => {}} />);
    expect(container.querySelector('img, b, script, i')).toBeNull();
    expect(screen.getByText('<img src=x onerror="alert(1)"> <b>bold</b>?')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '<script>alert(2)</script>' })).toHaveAccessibleDescription('<i>desc</i>');
  });
});

describe('several prompts on one page', () => {
  it('asking the same question twice stays axe clean (no landmarks of one name), each field named by its question', async () => {
    const { container } = render(
      <>
        <AskUserPrompt prompt={textPrompt()} onSubmit={() => {}} />
        <AskUserPrompt prompt={textPrompt()} onSubmit={() => {}} />
        <AskUserPrompt prompt={singlePrompt()} onSubmit={() => {}} />
        <AskUserPrompt prompt={singlePrompt()} onSubmit={() => {}} />
      </>,
    );
    expect(screen.getAllByRole('textbox', { name: 'Where would you like to go?' })).toHaveLength(2);
    expect(screen.getAllByRole('group', { name: singlePrompt().question })).toHaveLength(2);
    await expectNoAxeViolations(container);
  });
});

describe('controlled and uncontrolled', () => {
  it('starts from defaultValue (a draft or an answer value)', () => {
    const prompt = singlePrompt();
    render(<AskUserPrompt prompt={prompt} defaultValue="Car" />);
    expect(screen.getByRole('radio', { name: 'Car' })).toBeChecked();
  });

  it('is driven by value and reports changes through onValueChange', async () => {
    const user = userEvent.setup();
    const changes: AnswerDraft[] = [];
    function Controlled() {
      const [draft, setDraft] = useState<AnswerDraft>({ text: '', selected: ['Museums'], other: false });
      return (
        <>
          <AskUserPrompt
            prompt={multiplePrompt()}
            value={draft}
            onValueChange={(next) => {
              changes.push(next);
              setDraft(next);
            }}
          />
          <button type="button" onClick={() => setDraft({ text: '', selected: [], other: false })}>
            Clear from outside
          </button>
        </>
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('checkbox', { name: 'Museums' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Hiking' }));
    expect(changes.at(-1)).toEqual({ text: '', selected: ['Museums', 'Hiking'], other: false });
    await user.click(screen.getByRole('button', { name: 'Clear from outside' }));
    expect(screen.getByRole('checkbox', { name: 'Museums' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Hiking' })).not.toBeChecked();
  });

  it('ignores user input the parent does not take (controlled means controlled)', async () => {
    const user = userEvent.setup();
    render(<AskUserPrompt prompt={textPrompt()} value={{ text: 'fixed', selected: [], other: false }} />);
    await user.type(screen.getByRole('textbox'), 'more');
    expect(screen.getByRole('textbox')).toHaveValue('fixed');
  });

  it('warns when switching from uncontrolled to controlled', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const prompt = textPrompt();
    const { rerender } = render(<AskUserPrompt prompt={prompt} />);
    expect(warn).not.toHaveBeenCalled();
    rerender(<AskUserPrompt prompt={prompt} value={{ text: 'x', selected: [], other: false }} />);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('AskUserPrompt is changing from uncontrolled to controlled'));
  });
});

describe('composition', () => {
  it("runs the consumer's handlers first; preventDefault() stops ours", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <AskUserPrompt.Root prompt={textPrompt()} onSubmit={onSubmit}>
        <AskUserPrompt.Question />
        <AskUserPrompt.TextField onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()} />
        <AskUserPrompt.Submit />
      </AskUserPrompt.Root>,
    );
    await user.type(screen.getByRole('textbox'), 'Lisbon{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox')).toHaveValue('Lisbon');
  });

  it('lets a consumer veto a choice from onChange', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    const prompt = singlePrompt();
    render(
      <AskUserPrompt.Root prompt={prompt} onSubmit={() => {}}>
        <AskUserPrompt.Options>
          <AskUserPrompt.Question />
          {prompt.kind === 'single' &&
            prompt.options.map((o) => (
              <AskUserPrompt.Option key={o.label} value={o.label}>
                <AskUserPrompt.OptionControl
                  onChange={(e) => {
                    seen.push(e.currentTarget.value);
                    if (e.currentTarget.value === 'Plane') e.preventDefault();
                  }}
                />
                <AskUserPrompt.OptionLabel />
              </AskUserPrompt.Option>
            ))}
        </AskUserPrompt.Options>
      </AskUserPrompt.Root>,
    );
    await user.click(screen.getByRole('radio', { name: 'Plane' }));
    expect(screen.getByRole('radio', { name: 'Plane' })).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Car' }));
    expect(screen.getByRole('radio', { name: 'Car' })).toBeChecked();
    expect(seen).toEqual(['Plane', 'Car']);
  });

  it('composes refs with its own', async () => {
    const user = userEvent.setup();
    const rootRef = createRef<HTMLFormElement>();
    const fieldRef = createRef<HTMLTextAreaElement>();
    const onSubmit = vi.fn();
    render(
      <AskUserPrompt.Root ref={rootRef} prompt={textPrompt()} onSubmit={onSubmit}>
        <AskUserPrompt.Question />
        <AskUserPrompt.TextField ref={fieldRef} />
      </AskUserPrompt.Root>,
    );
    expect(rootRef.current?.tagName).toBe('FORM');
    expect(fieldRef.current?.tagName).toBe('TEXTAREA');
    // The root still uses its own ref: an invalid answer moves focus to the field.
    await user.type(fieldRef.current!, '{Enter}');
    expect(fieldRef.current).toHaveFocus();
    expect(fieldRef.current).toHaveAttribute('aria-invalid', 'true');
  });

  it('gives every part a displayName and renders each as one element with documented data attributes', () => {
    const parts = Object.entries(AskUserPrompt).filter(([, part]) => typeof part === 'function');
    expect(parts.length).toBeGreaterThanOrEqual(16);
    for (const [name, part] of parts) {
      expect((part as { displayName?: string }).displayName).toBe(`AskUserPrompt.${name}`);
    }
    const { container } = render(<AskUserPrompt prompt={multiplePrompt()} allowOther onSubmit={() => {}} />);
    const seen = new Set([...container.querySelectorAll('[data-part]')].map((el) => el.getAttribute('data-part')));
    expect([...seen].sort()).toEqual(
      ['count', 'description', 'option', 'option-control', 'option-label', 'options', 'other', 'other-text', 'question', 'root', 'status', 'submit'].sort(),
    );
    for (const el of container.querySelectorAll('[data-part]')) {
      expect(el).toHaveAttribute('data-scope', 'ask-user');
      expect(el).toHaveAttribute('data-kind', 'multiple');
    }
  });

  it('renders a layout of your own from the parts', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { container } = render(
      <AskUserPrompt.Root prompt={textPrompt()} onSubmit={onSubmit} className="mine">
        <AskUserPrompt.Question className="q" />
        <AskUserPrompt.TextField placeholder="Type here" />
        <AskUserPrompt.Error />
        <AskUserPrompt.Submit>Go</AskUserPrompt.Submit>
        <AskUserPrompt.Status />
      </AskUserPrompt.Root>,
    );
    expect(form(container)).toHaveClass('mine');
    await user.type(screen.getByPlaceholderText('Type here'), 'Oslo');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(onSubmit).toHaveBeenCalledWith('Oslo');
  });

  it('explains how to fix a part used outside a prompt', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<AskUserPrompt.Submit />)).toThrow(/inside <AskUserPrompt> or <AskUserPrompt.Root>/);
    // In development, a part of an option says where it belongs too.
    expect(() =>
      render(
        <AskUserPrompt.Root prompt={singlePrompt()}>
          <AskUserPrompt.OptionLabel />
        </AskUserPrompt.Root>,
      ),
    ).toThrow(/<AskUserPrompt.OptionLabel> must be inside <AskUserPrompt.Option> or <AskUserPrompt.Other>/);
  });

  it('names useAskUserPrompt() when it is called outside a prompt, and gives the state inside one', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Hint() {
      const { state, prompt } = useAskUserPrompt();
      return <output>{`${prompt.kind} ${state}`}</output>;
    }
    expect(() => render(<Hint />)).toThrow('useAskUserPrompt() must be inside <AskUserPrompt> or <AskUserPrompt.Root>.');
    render(
      <AskUserPrompt.Root prompt={textPrompt()}>
        <Hint />
      </AskUserPrompt.Root>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('text ready');
  });
});

describe('focus and announcements', () => {
  it('announces a new question politely and leaves focus alone', () => {
    render(
      <>
        <button type="button">Elsewhere</button>
        <AskUserPrompt prompt={textPrompt()} onSubmit={() => {}} />
      </>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('New question: Where would you like to go?');
    expect(status).not.toHaveAttribute('aria-live', 'assertive');
    expect(document.body).toHaveFocus();
  });

  it('moves focus to the field with autoFocus', () => {
    render(<AskUserPrompt prompt={singlePrompt()} onSubmit={() => {}} autoFocus />);
    expect(screen.getByRole('radio', { name: 'Train' })).toHaveFocus();
  });

  it('replaces every string through labels', async () => {
    const user = userEvent.setup();
    render(
      <AskUserPrompt
        prompt={multiplePrompt()}
        allowOther
        onSubmit={() => {}}
        labels={{
          submit: 'Envoyer',
          other: 'Autre…',
          otherText: 'Votre réponse',
          multipleHint: 'Choisissez-en un ou plusieurs.',
          chosenCount: (n) => `${n} choisi(s)`,
          choicesRequired: 'Choisissez au moins une option.',
          newQuestion: (q) => `Nouvelle question : ${q}`,
        }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Nouvelle question : What should the trip include?');
    expect(screen.getByRole('checkbox', { name: 'Autre…' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Votre réponse' })).toBeInTheDocument();
    expect(screen.getByText('Choisissez-en un ou plusieurs.', { exact: false })).toHaveTextContent('0 choisi(s)');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(screen.getByText('Choisissez au moins une option.')).toBeInTheDocument();
  });
});

describe('drafts', () => {
  it('survive a remount (a reload) until the prompt is answered', async () => {
    const user = userEvent.setup();
    const prompt = multiplePrompt();
    const first = render(<AskUserPrompt prompt={prompt} allowOther onSubmit={() => {}} />);
    await user.click(screen.getByRole('checkbox', { name: 'Hiking' }));
    await user.type(screen.getByRole('textbox', { name: 'Your own answer' }), 'Caves');
    first.unmount();

    const onSubmit = vi.fn();
    const second = render(<AskUserPrompt prompt={prompt} allowOther onSubmit={onSubmit} />);
    expect(screen.getByRole('checkbox', { name: 'Hiking' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Other…' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Your own answer' })).toHaveValue('Caves');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith(['Hiking', 'Caves']);
    second.unmount();

    render(<AskUserPrompt prompt={prompt} allowOther onSubmit={() => {}} />);
    expect(screen.getByRole('checkbox', { name: 'Hiking' })).not.toBeChecked();
    expect(sessionStorage.length).toBe(0);
  });

  it('are kept per prompt', async () => {
    const user = userEvent.setup();
    const a = textPrompt();
    const b = textPrompt();
    const first = render(<AskUserPrompt prompt={a} />);
    await user.type(screen.getByRole('textbox'), 'for A');
    first.unmount();
    render(<AskUserPrompt prompt={b} />);
    expect(screen.getByRole('textbox')).toHaveValue('');
  });

  it('are not kept with persistDraft={false}', async () => {
    const user = userEvent.setup();
    const prompt = textPrompt();
    const first = render(<AskUserPrompt prompt={prompt} persistDraft={false} />);
    await user.type(screen.getByRole('textbox'), 'secret');
    first.unmount();
    expect(sessionStorage.length).toBe(0);
    render(<AskUserPrompt prompt={prompt} persistDraft={false} />);
    expect(screen.getByRole('textbox')).toHaveValue('');
  });

  it('survive broken storage: typing still works', async () => {
    const user = userEvent.setup();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const onSubmit = vi.fn();
    render(<AskUserPrompt prompt={textPrompt()} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox'), 'Lisbon{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Lisbon');
  });

  it('come back after hydrating server HTML, without a hydration mismatch', () => {
    const prompt = textPrompt();
    sessionStorage.setItem(`ask-user-kit:draft:${prompt.key}`, JSON.stringify({ text: 'Saved', selected: [], other: false }));
    const container = document.createElement('div');
    container.innerHTML = renderToString(<AskUserPrompt prompt={prompt} />);
    document.body.append(container);
    expect(container.querySelector('textarea')).toHaveValue('');
    const errors = vi.spyOn(console, 'error');
    render(<AskUserPrompt prompt={prompt} />, { container, hydrate: true });
    expect(screen.getByRole('textbox')).toHaveValue('Saved');
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });

  it('ignore a stored draft of the wrong shape', () => {
    const prompt = textPrompt();
    sessionStorage.setItem(`ask-user-kit:draft:${prompt.key}`, '{"text": 42}');
    render(<AskUserPrompt prompt={prompt} />);
    expect(screen.getByRole('textbox')).toHaveValue('');
  });
});

describe('StrictMode', () => {
  it('announces once and submits once', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(value: AnswerValue) => void>();
    render(
      <StrictMode>
        <AskUserPrompt prompt={textPrompt()} onSubmit={onSubmit} />
      </StrictMode>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('New question: Where would you like to go?');
    await user.type(screen.getByRole('textbox'), 'Lisbon{Enter}');
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
