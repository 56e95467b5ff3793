import { expect, test } from '@playwright/test';
import { checkpoint, composer, openApp, question, QUESTIONS, status } from './helpers.ts';

test('the inbox shows the questions of both agents, with a count in the header, and answers one', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await composer(page).fill('Plan a trip');
  await composer(page).press('Enter');
  await expect(question(page, QUESTIONS.where)).toBeVisible();

  await page.goto('/?agent=concierge');
  await expect(status(page)).toContainText('Ready');
  await composer(page).fill('Book my trip to Lisbon');
  await composer(page).press('Enter');
  await expect(page.getByRole('form', { name: 'Book trip?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Inbox 2 waiting' })).toBeVisible();

  await page.getByRole('link', { name: /^Inbox/ }).click();
  const inbox = page.getByRole('region', { name: 'Inbox' });
  const trip = inbox.getByRole('button', { name: new RegExp(`planner .*${QUESTIONS.where}`) });
  await expect(trip).toBeVisible();
  await expect(inbox.getByRole('button', { name: /concierge .*book_trip/ })).toBeVisible();
  await checkpoint(page, testInfo, 'inbox');

  await trip.click();
  await inbox.getByRole('textbox', { name: QUESTIONS.where }).fill('Lisbon');
  await inbox.getByRole('textbox', { name: QUESTIONS.where }).press('Enter');
  await expect(inbox.getByText('Answer sent.')).toBeVisible();
  // The answered item stays open, saying so, until closed; the run's next question is listed beside it.
  await expect(inbox.getByRole('button', { name: new RegExp(`planner .*${QUESTIONS.how}`) })).toBeVisible();
  await checkpoint(page, testInfo, 'inbox-answered');
});
