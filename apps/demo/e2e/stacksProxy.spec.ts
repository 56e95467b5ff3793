import { expect, test } from '@playwright/test';
import { openApp, status } from './helpers.ts';

// A chat route the page's server does not forward (a proxy missing /chat): the stacks over
// chatRoute say so in the kit's run error, naming what to check, instead of the chat's raw error.

for (const stack of ['ai-sdk', 'assistant-ui'] as const) {
  test(`a chat route behind a missing proxy is said with what to check through ${stack}`, async ({
    page,
  }) => {
    await openApp(page, `/?stack=${stack}`);
    // What a page server without the proxy answers a POST it does not know.
    await page.route('**/chat/planner', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 404, body: '' }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Plan a long weekend away' }).click();
    const alert = page.locator('[role="alert"][data-kind="run-error"]');
    await expect(alert).toContainText('The server answered 404.');
    await expect(alert).toContainText("a chat's api (chatRoute's path)");
    await expect(alert).toContainText('proxy');
    await expect(status(page)).toContainText('Something went wrong');
    await expect(page.getByText('Failed to fetch the chat response.')).toHaveCount(0);
  });
}
