import { expect, test, type Page } from '@playwright/test';
import { composer, openFromHeader, status } from './helpers.ts';

const approval = (page: Page) => page.locator('form[data-kind="approval"]');
const costCentre = (page: Page) => page.locator('form[data-kind="form"]');
const summary = (page: Page) => page.locator('.message--assistant').filter({ hasText: 'charged to Sales' });

test('an expense claim: approved, reloaded while its form waits, answered to the summary', async ({
  page,
}) => {
  await page.goto('/');
  await openFromHeader(page, 'Expense claim');
  await expect(status(page)).toContainText('Ready');
  await composer(page).fill('Team dinner, 120 EUR');
  await composer(page).press('Enter');

  await expect(approval(page)).toHaveAttribute('data-state', 'ready');
  await expect(approval(page)).toContainText('Team dinner');
  await approval(page).getByRole('button', { name: 'Approve' }).click();
  await expect(costCentre(page)).toHaveAttribute('data-state', 'ready');

  // The run's id is in the URL: a reload brings the waiting form back, its schema with it.
  await expect(page).toHaveURL(/thread=expense-/);
  await page.reload();
  await expect(costCentre(page)).toHaveAttribute('data-state', 'ready');
  await costCentre(page)
    .getByRole('combobox', { name: /Cost centre/ })
    .selectOption('Sales');
  await costCentre(page).getByRole('button', { name: 'Send' }).click();
  await expect(summary(page)).toContainText('Approved: 120 EUR for Team dinner by you, charged to Sales.');
  await expect(status(page)).toContainText('Done');
});
