import type { AnswerValue, Prompt } from '@ask-user-kit/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AskUserPrompt } from './AskUserPrompt.tsx';
import type { AnswerDraft } from './draft.ts';
import { expectNoAxeViolations } from './test/axe.ts';
import { malformedPrompt, multiplePrompt, promptFrom, singlePrompt, textPrompt } from './test/prompts.ts';

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
    expect(radios.map((r) => (r as HTMLInputElement).name)).toEqual(
      Array(3).fill((radios[0] as HTMLInputElement).name),
    );
    expect(screen.getByRole('radio', { name: 'Train' })).toHaveAccessibleDescription(
      'Slower, scenic, low carbon',
    );
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
describe('malformed prompts', () => {
  it('says it cannot be shown, and what is wrong with the payload under Details', async () => {
    const user = userEvent.setup();
    const { container } = render(<AskUserPrompt prompt={malformedPrompt()} onSubmit={() => {}} />);
    const root = form(container);
    expect(root).toHaveAttribute('data-kind', 'malformed');
    expect(root).toHaveAttribute('data-state', 'malformed');
    expect(screen.getByText('Pick one')).toBeInTheDocument();
    expect(screen.getByText('This question cannot be shown.')).toBeInTheDocument();
    const reason = screen.getByText('selectionMode "single_select" needs options, and none were given');
    expect(reason.closest('details')).not.toHaveAttribute('open');
    await user.click(screen.getByText('Details'));
    expect(reason.closest('details')).toHaveAttribute('open');
    expect(screen.queryByRole('button')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it.each([
    ['a number', 42],
    ['no question', { options: [{ label: 'A' }] }],
    ['options that are not a list', { question: 'Q?', options: 'A, B' }],
  ])('never throws on a payload with %s', (_name, payload) => {
    render(<AskUserPrompt prompt={promptFrom(payload)} onSubmit={() => {}} />);
    expect(screen.getByText('This question cannot be shown.')).toBeInTheDocument();
  });

  it('never throws on something that is not a prompt at all', () => {
    const notAPrompt = { kind: 'single', question: 'Q?' } as unknown as Prompt;
    render(<AskUserPrompt prompt={notAPrompt} onSubmit={() => {}} />);
    expect(screen.getByText('This question cannot be shown.')).toBeInTheDocument();
    expect(screen.getByText(/not a parsed prompt/).closest('details')).toBeInTheDocument();
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
    expect(screen.getByRole('radio', { name: '<script>alert(2)</script>' })).toHaveAccessibleDescription(
      '<i>desc</i>',
    );
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
  it('starts from defaultAnswer (an answer to preselect)', () => {
    render(<AskUserPrompt prompt={singlePrompt()} defaultAnswer="Car" />);
    expect(screen.getByRole('radio', { name: 'Car' })).toBeChecked();
  });

  it('starts from defaultDraft (a draft)', () => {
    render(
      <AskUserPrompt
        prompt={singlePrompt()}
        allowOther
        defaultDraft={{ text: 'Bicycle', selected: [], other: true }}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Other…' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Your own answer' })).toHaveValue('Bicycle');
  });

  it('is driven by draft and reports changes through onDraftChange', async () => {
    const user = userEvent.setup();
    const changes: AnswerDraft[] = [];
    function Controlled() {
      const [draft, setDraft] = useState<AnswerDraft>({ text: '', selected: ['Museums'], other: false });
      return (
        <>
          <AskUserPrompt
            prompt={multiplePrompt()}
            draft={draft}
            onDraftChange={(next) => {
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
    render(<AskUserPrompt prompt={textPrompt()} draft={{ text: 'fixed', selected: [], other: false }} />);
    await user.type(screen.getByRole('textbox'), 'more');
    expect(screen.getByRole('textbox')).toHaveValue('fixed');
  });

  it('warns when switching from uncontrolled to controlled', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const prompt = textPrompt();
    const { rerender } = render(<AskUserPrompt prompt={prompt} />);
    expect(warn).not.toHaveBeenCalled();
    rerender(<AskUserPrompt prompt={prompt} draft={{ text: 'x', selected: [], other: false }} />);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('AskUserPrompt is changing from uncontrolled to controlled'),
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('pass `draft` with `onDraftChange`'));
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
    expect(screen.getByText('Choisissez-en un ou plusieurs.', { exact: false })).toHaveTextContent(
      '0 choisi(s)',
    );
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
    sessionStorage.setItem(
      `ask-user-kit:draft:${prompt.key}`,
      JSON.stringify({ text: 'Saved', selected: [], other: false }),
    );
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
