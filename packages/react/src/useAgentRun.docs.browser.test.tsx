import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import * as previewAnnotations from '../../../.storybook/preview.tsx';
import { prompts } from './stories/payloads.ts';
import * as stories from './useAgentRun.stories.tsx';

// The useAgentRun docs page renders its two live examples at once, each loaded (loaders,
// beforeEach) before either is used, as Storybook's docs mode does; the story view renders one.
const project = setProjectAnnotations([previewAnnotations]);
const { FreeText, RestoredAfterReload } = composeStories(stories);

describe("the useAgentRun docs page's two examples side by side", () => {
  it('each plays its own recorded server: Start in the first brings its question', async () => {
    await project.beforeAll?.();
    await FreeText.load();
    await RestoredAfterReload.load();
    const screen = await render(
      <>
        <div data-testid="free-text">
          <FreeText />
        </div>
        <div data-testid="restored">
          <RestoredAfterReload />
        </div>
      </>,
    );
    const restored = screen.getByTestId('restored');
    await expect.element(restored.getByRole('textbox')).toBeVisible();

    const freeText = screen.getByTestId('free-text');
    await freeText.getByRole('button', { name: 'Start' }).click();
    await expect.element(freeText.getByRole('textbox', { name: prompts.text.question })).toBeVisible();
    await expect.element(freeText.getByRole('button', { name: 'Start' })).not.toBeInTheDocument();
  });
});
