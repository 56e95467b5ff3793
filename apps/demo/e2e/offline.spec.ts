import { expect, test } from '@playwright/test';
import { answerButton, checkpoint, composer, openApp, question, QUESTIONS, status } from './helpers.ts';

test('offline: said as offline, once, with one way to send again; the browser text only under Details', async ({
  context,
  page,
}, testInfo) => {
  await openApp(page);
  await composer(page).fill('Plan a trip');
  await composer(page).press('Enter');
  const where = page.getByRole('textbox', { name: QUESTIONS.where });
  await where.fill('Lisbon');

  await context.setOffline(true);
  await answerButton(page, QUESTIONS.where).click();
  const failure = question(page, QUESTIONS.where).locator('[data-part="error"]');
  await expect(failure).toHaveText(
    'You are offline. Your answer is kept here; send it again once your connection is back.',
  );
  await expect(status(page)).toContainText('Offline');
  await expect(page.getByText(/server is running/)).toHaveCount(0);
  // One place, one Retry: no banner repeating it.
  await expect(page.getByRole('alert').filter({ hasText: /offline|reachable/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Retry|again/ })).toHaveCount(1);
  // The browser's own words, folded away.
  const details = question(page, QUESTIONS.where).locator('xpath=..').locator('details');
  await expect(details.locator('p')).toBeHidden();
  await details.locator('summary').click();
  await expect(details.locator('p')).toContainText(/fetch/i);
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await expect(page.locator('.composer__hint')).toContainText('You are offline');
  await expect(where).toHaveValue('Lisbon');
  await checkpoint(page, testInfo, 'offline');

  await context.setOffline(false);
  await expect(status(page)).not.toContainText('Offline');
  await answerButton(page, QUESTIONS.where).click();
  await expect(question(page, QUESTIONS.how)).toBeVisible();
  await expect(failure).toHaveCount(0);
});

for (const path of [
  '/?agent=concierge',
  '/?stack=ai-sdk',
  '/?stack=mastra-react',
  '/?stack=assistant-ui',
  '/?stack=copilotkit',
]) {
  test(`offline on ${path}: said as on the planner's page, and nothing can be sent until the connection is back`, async ({
    context,
    page,
  }) => {
    await openApp(page, path);
    await composer(page).fill('Plan a trip');
    const sendMessage = page.getByRole('form', { name: /^Message/ }).getByRole('button', { name: 'Send' });
    await expect(sendMessage).toBeEnabled();

    await context.setOffline(true);
    await expect(status(page)).toContainText('Offline');
    await expect(page.locator('.composer__hint')).toHaveText(
      'You are offline. You can send once your connection is back.',
    );
    await expect(sendMessage).toBeDisabled();

    await context.setOffline(false);
    await expect(status(page)).toContainText('Ready');
    await expect(sendMessage).toBeEnabled();
  });
}
