import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AskUserPrompt, useAskUserPrompt } from './AskUserPrompt.tsx';
import { multiplePrompt, singlePrompt, textPrompt } from './test/prompts.ts';

const form = (container: HTMLElement) => container.querySelector('form') as HTMLFormElement;

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

const partNames = [
  'Root',
  'Question',
  'Description',
  'Count',
  'Options',
  'Option',
  'OptionControl',
  'OptionLabel',
  'OptionDescription',
  'Other',
  'OtherText',
  'TextField',
  'Error',
  'Submit',
  'Answer',
  'Status',
] as const;

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
              <AskUserPrompt.Option key={o.label} label={o.label}>
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
    expect(AskUserPrompt.displayName).toBe('AskUserPrompt');
    for (const name of partNames) expect(AskUserPrompt[name].displayName).toBe(`AskUserPrompt.${name}`);
    const { container } = render(<AskUserPrompt prompt={multiplePrompt()} allowOther onSubmit={() => {}} />);
    const seen = new Set(
      [...container.querySelectorAll('[data-part]')].map((el) => el.getAttribute('data-part')),
    );
    expect([...seen].sort()).toEqual(
      [
        'count',
        'description',
        'option',
        'option-control',
        'option-label',
        'options',
        'other',
        'other-text',
        'question',
        'root',
        'status',
        'submit',
      ].sort(),
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
  });

  it.each(['OptionControl', 'OptionLabel', 'OptionDescription'] as const)(
    'explains how to fix %s used outside an option',
    (name) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const Part = AskUserPrompt[name];
      expect(() =>
        render(
          <AskUserPrompt.Root prompt={singlePrompt()}>
            <Part />
          </AskUserPrompt.Root>,
        ),
      ).toThrow(`<AskUserPrompt.${name}> must be inside <AskUserPrompt.Option> or <AskUserPrompt.Other>.`);
    },
  );

  it('names useAskUserPrompt() when it is called outside a prompt, and gives the state inside one', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Hint() {
      const { state, prompt } = useAskUserPrompt();
      return <output>{`${prompt.kind} ${state}`}</output>;
    }
    expect(() => render(<Hint />)).toThrow(
      'useAskUserPrompt() must be inside <AskUserPrompt> or <AskUserPrompt.Root>.',
    );
    render(
      <AskUserPrompt.Root prompt={textPrompt()}>
        <Hint />
      </AskUserPrompt.Root>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('text ready');
  });

  it("keeps the app's own id, name and aria attributes, and adds its descriptions to the app's", async () => {
    const user = userEvent.setup();
    const prompt = singlePrompt();
    const { container } = render(
      <>
        <p id="mine">Pick what you like best.</p>
        <AskUserPrompt.Root prompt={prompt} id="trip-form" onSubmit={() => {}}>
          <AskUserPrompt.Options id="my-options" aria-describedby="mine">
            <AskUserPrompt.Question />
            <AskUserPrompt.Description id="my-hint" />
            <AskUserPrompt.Option label="Train" id="train">
              <AskUserPrompt.OptionControl name="travel" aria-describedby="mine" />
              <AskUserPrompt.OptionLabel />
              <AskUserPrompt.OptionDescription />
            </AskUserPrompt.Option>
            <AskUserPrompt.Option label="Car">
              <AskUserPrompt.OptionControl name="travel" aria-label="By car" />
            </AskUserPrompt.Option>
          </AskUserPrompt.Options>
          <AskUserPrompt.Error id="my-error" />
          <AskUserPrompt.Submit aria-label="Send my choice" />
        </AskUserPrompt.Root>
      </>,
    );
    expect(form(container)).toHaveAttribute('id', 'trip-form');
    const group = screen.getByRole('group', { name: 'How will you travel?' });
    expect(group).toHaveAttribute('id', 'my-options');
    expect(screen.getByText('Choose one.')).toHaveAttribute('id', 'my-hint');
    expect(screen.getByText('Train').closest('label')).toHaveAttribute('id', 'train');
    const train = screen.getByRole('radio', { name: 'Train' });
    expect(train).toHaveAttribute('name', 'travel');
    // The app's description first, then the option's own.
    expect(train).toHaveAccessibleDescription('Pick what you like best. Slower, scenic, low carbon');
    expect(screen.getByRole('radio', { name: 'By car' })).toHaveAttribute('name', 'travel');

    await user.click(screen.getByRole('button', { name: 'Send my choice' }));
    expect(screen.getByText('Choose one option.')).toHaveAttribute('id', 'my-error');
    expect(group.getAttribute('aria-describedby')?.split(' ')[0]).toBe('mine');
  });

  it("keeps the app's own id on the text field and its own aria-describedby beside the hint", () => {
    render(
      <>
        <p id="privacy">We never share it.</p>
        <AskUserPrompt.Root prompt={textPrompt()}>
          <AskUserPrompt.Question />
          <AskUserPrompt.Description />
          <AskUserPrompt.TextField id="destination" aria-describedby="privacy" />
        </AskUserPrompt.Root>
      </>,
    );
    const field = screen.getByRole('textbox');
    expect(field).toHaveAttribute('id', 'destination');
    expect(field).toHaveAccessibleDescription(
      'We never share it. Press Enter to send, Shift+Enter for a new line.',
    );
  });
});
