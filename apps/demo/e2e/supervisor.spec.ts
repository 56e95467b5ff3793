import { expect, test } from '@playwright/test';
import { checkpoint, composer, openFromHeader, question, status } from './helpers.ts';

test("the supervisor: its designer's question and its ops agent's approval, reloaded while the approval waits, answered to the end", async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await openFromHeader(page, 'Supervisor');
  await expect(status(page)).toContainText('Ready');
  await composer(page).fill('Ship the site');
  await composer(page).press('Enter');

  // Each says which sub-agent asks.
  const colour = page.getByRole('group', { name: 'Designer asks: Which colour should the site be?' });
  await expect(colour).toBeVisible();
  await checkpoint(page, testInfo, 'supervisor-question');
  await colour.getByRole('radio', { name: 'Teal' }).check();
  await question(page, 'Which colour').getByRole('button', { name: 'Send' }).click();
  const deploy = page.getByRole('form', { name: 'Ops asks: Deploy?' });
  await expect(deploy).toHaveAttribute('data-state', 'ready');
  await expect(deploy).toContainText('production');
  await checkpoint(page, testInfo, 'supervisor-approval');

  // The conversation's id is in the URL: a reload brings the waiting approval back.
  await expect(page).toHaveURL(/thread=supervisor-/);
  await page.reload();
  const restored = page.locator('form[data-kind="approval"]');
  await expect(restored).toHaveAttribute('data-state', 'ready');
  await expect(restored).toContainText('production');
  await restored.getByRole('button', { name: 'Approve' }).click();
  await expect(page.locator('.message--assistant').last()).toContainText('Colour: Teal.');
  await expect(status(page)).toContainText('Done');
});
