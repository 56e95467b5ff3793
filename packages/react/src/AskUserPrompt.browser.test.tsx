import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AskUserPrompt } from './AskUserPrompt.tsx';
import { multiplePrompt, promptFrom, singlePrompt, textPrompt } from './test/prompts.ts';
import { forms } from '@ask-user-kit/core/items';
import { ResumeForm } from './items/ResumeForm.tsx';
import { budgetJsonSchema, ItemStory } from './items/storyRun.tsx';
import { newQueryClient, withClient } from './test/harness.tsx';
import { useAgentRun } from './useAgentRun.ts';
import './styles.css';

// Real Chromium: native radio-group arrow keys, implicit form submission and real key events,
// which jsdom and user-event only imitate; and real layout and colours for styles.css.

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

async function axeViolations(container: Element) {
  const results = await axe.run(container);
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

describe('keyboard in Chromium', () => {
  it('moves the single choice with the arrow keys (wrapping) and sends it with Enter', async () => {
    const onSubmit = vi.fn();
    const screen = await render(<AskUserPrompt prompt={singlePrompt()} onSubmit={onSubmit} />);
    await userEvent.tab();
    const train = screen.getByRole('radio', { name: 'Train' });
    await expect.element(train).toHaveFocus();
    await expect.element(train).not.toBeChecked();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(screen.getByRole('radio', { name: 'Plane' })).toBeChecked();
    await expect.element(screen.getByRole('radio', { name: 'Plane' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect.element(train).toBeChecked();
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(screen.getByRole('radio', { name: 'Car' })).toBeChecked();
    // Enter does not choose a radio: it submits the form (implicit submission).
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('Car');
  });

  it('tabs into a single choice at the chosen radio, and out of it in one step', async () => {
    const screen = await render(
      <AskUserPrompt prompt={singlePrompt()} defaultAnswer="Plane" onSubmit={() => {}} />,
    );
    await userEvent.tab();
    await expect.element(screen.getByRole('radio', { name: 'Plane' })).toHaveFocus();
    await userEvent.tab();
    await expect.element(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });

  it('sends free text on Enter and adds a line on Shift+Enter', async () => {
    const onSubmit = vi.fn();
    const screen = await render(<AskUserPrompt prompt={textPrompt()} onSubmit={onSubmit} />);
    const field = screen.getByRole('textbox', { name: 'Where would you like to go?' });
    await userEvent.click(field);
    await userEvent.keyboard('Lisbon{Shift>}{Enter}{/Shift}then Porto');
    expect(onSubmit).not.toHaveBeenCalled();
    await expect.element(field).toHaveValue('Lisbon\nthen Porto');
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('Lisbon\nthen Porto');
  });

  it('toggles checkboxes with Space and sends with Enter from the "Other…" field', async () => {
    const onSubmit = vi.fn();
    const screen = await render(<AskUserPrompt prompt={multiplePrompt()} allowOther onSubmit={onSubmit} />);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect.element(screen.getByText('2 chosen')).toBeVisible();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await expect.element(screen.getByRole('textbox', { name: 'Your own answer' })).toHaveFocus();
    await userEvent.keyboard('Wine{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith(['Museums', 'Food tours', 'Wine']);
  });
});

describe('styles.css in Chromium', () => {
  it('passes axe, colour contrast included, in light and dark', async () => {
    const prompt = singlePrompt();
    const light = await render(<AskUserPrompt prompt={prompt} allowOther onSubmit={() => {}} />);
    expect(await axeViolations(light.container)).toEqual([]);
    await light.unmount();

    const dark = await render(
      <div data-theme="dark">
        <AskUserPrompt prompt={prompt} allowOther onSubmit={() => {}} />
      </div>,
    );
    const root = dark.container.querySelector('form')!;
    expect(getComputedStyle(root).colorScheme).toBe('dark');
    expect(getComputedStyle(root).backgroundColor).toBe('rgb(22, 26, 34)');
    expect(await axeViolations(dark.container)).toEqual([]);
  });

  it('passes axe with the time left shown, on a question and a form, in light and dark', async () => {
    const expiresAt = new Date(Date.now() + 4 * 60_000).toISOString();
    const prompt = promptFrom({ question: 'Where would you like to go?', expiresAt });
    const call = {
      runId: 'run-1',
      toolCallId: 'call-1',
      toolName: 'confirm_budget',
      requiresApproval: false,
    };
    const form = forms.parse(
      { ...call, suspendPayload: { message: 'Budget?', expiresAt }, resumeSchema: budgetJsonSchema },
      'run-1:call-1',
    )!;
    for (const theme of ['light', 'dark']) {
      const screen = await render(
        <div data-theme={theme}>
          <AskUserPrompt prompt={prompt} onSubmit={() => {}} />
          <ItemStory item={form} state="ready" view={(run) => <ResumeForm run={run} item={form} />} />
        </div>,
      );
      expect(screen.container.querySelectorAll('[data-part=time-left]')).toHaveLength(2);
      await expect.element(screen.getByText('Expires in 4 minutes').first()).toBeVisible();
      expect(await axeViolations(screen.container)).toEqual([]);
      await screen.unmount();
    }
  });

  it('passes axe with an error and a failed send shown', async () => {
    const screen = await render(
      <AskUserPrompt
        prompt={textPrompt()}
        onSubmit={() => Promise.reject(new Error('The server answered 502.'))}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByText('Please write an answer.')).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
    await userEvent.fill(screen.getByRole('textbox'), 'Lisbon');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  it('mirrors in right-to-left: the button sits at the inline end, the control at the inline start', async () => {
    await page.viewport(1024, 768);
    const screen = await render(
      <div dir="rtl" style={{ width: 480 }}>
        <AskUserPrompt prompt={singlePrompt()} onSubmit={() => {}} />
      </div>,
    );
    const form = screen.container.querySelector('form')!.getBoundingClientRect();
    const button = screen.getByRole('button', { name: 'Send' }).element().getBoundingClientRect();
    const radio = screen.getByRole('radio', { name: 'Train' }).element().getBoundingClientRect();
    const label = screen.getByText('Train').element().getBoundingClientRect();
    expect(button.left - form.left).toBeLessThan(form.right - button.right);
    expect(radio.left).toBeGreaterThan(label.right);
  });

  it('fits a narrow chat bubble: nothing overflows and the button spans the width', async () => {
    await page.viewport(320, 640);
    const screen = await render(
      <div style={{ width: 240 }}>
        <AskUserPrompt
          prompt={singlePrompt()}
          allowOther
          onSubmit={() => {}}
          labels={{ singleHint: 'Choose one of the following rather verbosely described possibilities.' }}
        />
      </div>,
    );
    const form = screen.container.querySelector('form')!;
    expect(form.scrollWidth).toBeLessThanOrEqual(form.clientWidth);
    const button = screen.getByRole('button', { name: 'Send' }).element().getBoundingClientRect();
    const inner = form.getBoundingClientRect();
    expect(button.width).toBeGreaterThan(inner.width * 0.8);
    await page.viewport(1024, 768);
  });

  it('shows a focus ring around the option whose radio has keyboard focus', async () => {
    const screen = await render(<AskUserPrompt prompt={singlePrompt()} onSubmit={() => {}} />);
    await userEvent.tab();
    const option = screen.getByText('Train').element().closest('label')!;
    expect(getComputedStyle(option).outlineStyle).toBe('solid');
    expect(getComputedStyle(option).outlineWidth).toBe('2px');
  });
});

describe('useAgentRun in Chromium', () => {
  it('asks and answers through a real Mastra server over fetch (CORS)', async () => {
    const baseUrl = inject('mastraUrl');
    function Chat() {
      const run = useAgentRun({ agentId: 'single', baseUrl });
      return (
        <main>
          <button type="button" onClick={() => void run.send('Hi')}>
            Start
          </button>
          <p data-testid="text">{run.text}</p>
          {run.openPrompts.map((prompt) => (
            <AskUserPrompt key={prompt.key} run={run} prompt={prompt} autoFocus />
          ))}
        </main>
      );
    }
    const screen = await render(<Chat />, { wrapper: withClient(newQueryClient()) });
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    const red = screen.getByRole('radio', { name: 'Red' });
    await expect.element(red, { timeout: 15_000 }).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect
      .element(screen.getByTestId('text'), { timeout: 15_000 })
      .toHaveTextContent('You chose Blue.');
  });
});
