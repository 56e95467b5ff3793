import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import {
  answerButton,
  checkpoint,
  composer,
  countResumes,
  expectPlanWith,
  openApp,
  question,
  QUESTIONS,
  status,
} from './helpers.ts';

test('the whole conversation by keyboard only', async ({ page }, testInfo) => {
  const resumes = countResumes(page);
  await openApp(page);
  await checkpoint(page, testInfo, 'empty');

  await expect(composer(page)).toBeFocused();
  await page.keyboard.type('Plan a long weekend away');
  await page.keyboard.press('Enter');

  // Free text: the question takes focus when it arrives.
  const where = page.getByRole('textbox', { name: QUESTIONS.where });
  await expect(where).toBeFocused();
  await expect(status(page)).toContainText('Waiting for you');
  await checkpoint(page, testInfo, 'free-text-question');
  await page.keyboard.type('Lisbon');
  await page.keyboard.press('Enter');

  // Single choice: arrow keys move through the radios, Tab reaches the submit button.
  const how = question(page, QUESTIONS.how);
  await expect(how.getByRole('radio').first()).toBeFocused();
  await checkpoint(page, testInfo, 'single-choice-question');
  await page.keyboard.press('ArrowDown');
  await expect(how.getByRole('radio', { name: /Plane/ })).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(how.getByRole('radio', { name: /Car/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(answerButton(page, QUESTIONS.how)).toBeFocused();
  await page.keyboard.press('Enter');

  // Multiple choice: Space ticks, Tab moves on.
  const what = question(page, QUESTIONS.what);
  await expect(what.getByRole('checkbox').first()).toBeFocused();
  await checkpoint(page, testInfo, 'multiple-choice-question');
  await page.keyboard.press('Space'); // Museums
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space'); // Food tours
  await expect(what.getByRole('checkbox', { name: 'Museums' })).toBeChecked();
  await expect(what.getByRole('checkbox', { name: 'Food tours' })).toBeChecked();
  await expect(what.getByRole('checkbox', { name: 'Hiking' })).not.toBeChecked();
  await page.keyboard.press('Tab'); // Beaches
  await page.keyboard.press('Tab');
  await expect(answerButton(page, QUESTIONS.what)).toBeFocused();
  await page.keyboard.press('Enter');

  await expectPlanWith(page, 'Lisbon', 'by car', 'museums, food tours');
  await checkpoint(page, testInfo, 'done');
  expect(resumes.count).toBe(3);
});

test('the whole conversation with the mouse, answers kept in the transcript', async ({ page }, testInfo) => {
  const resumes = countResumes(page);
  await openApp(page);

  await page.getByRole('button', { name: 'Plan a long weekend away' }).click();
  await expect(page.locator('.message--user')).toHaveText(/Plan a long weekend away/);

  await page.getByRole('textbox', { name: QUESTIONS.where }).click();
  await page.getByRole('textbox', { name: QUESTIONS.where }).fill('Kyoto');
  await answerButton(page, QUESTIONS.where).click();

  const how = question(page, QUESTIONS.how);
  await expect(how).toContainText('Slower, scenic, low carbon');
  await how.getByText('Train', { exact: true }).click();
  await expect(how.getByRole('radio', { name: /Train/ })).toBeChecked();
  await answerButton(page, QUESTIONS.how).click();

  const what = question(page, QUESTIONS.what);
  await what.getByText('Hiking', { exact: true }).click();
  await what.getByText('Beaches', { exact: true }).click();
  await checkpoint(page, testInfo, 'multiple-choice-chosen');
  if (process.env.DOCS_SCREENSHOT) {
    // The README's picture: `DOCS_SCREENSHOT=1 pnpm --filter @ask-user-kit/demo test:e2e -g mouse`.
    const docs = fileURLToPath(new URL('../../../docs/screenshot.png', import.meta.url));
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 1200, height: 940 });
    await page.screenshot({ path: docs, animations: 'disabled' });
    if (viewport) await page.setViewportSize(viewport);
  }
  await answerButton(page, QUESTIONS.what).click();

  await expectPlanWith(page, 'Kyoto', 'by train', 'hiking, beaches');
  // Each answered question stays where it was asked, with its answer.
  const log = page.getByRole('region', { name: 'Conversation' });
  await expect(log).toContainText(QUESTIONS.where);
  await expect(log).toContainText('Kyoto');
  await expect(log).toContainText(QUESTIONS.how);
  await expect(log).toContainText(QUESTIONS.what);
  await checkpoint(page, testInfo, 'done-with-answers');
  expect(resumes.count).toBe(3);
});

test('reload while a question is open brings it back, and answering it completes the run', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await composer(page).fill('Plan a summer holiday');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('textbox', { name: QUESTIONS.where }).fill('Oslo');
  await answerButton(page, QUESTIONS.where).click();
  await expect(question(page, QUESTIONS.how)).toBeVisible();
  const before = new URL(page.url()).searchParams.get('thread');
  expect(before).toBeTruthy();

  await page.reload();
  expect(new URL(page.url()).searchParams.get('thread')).toBe(before);
  const how = question(page, QUESTIONS.how);
  await expect(how).toBeVisible();
  await expect(status(page)).toContainText('Waiting for you');
  await checkpoint(page, testInfo, 'restored-after-reload');

  await how.getByText('Plane', { exact: true }).click();
  await answerButton(page, QUESTIONS.how).click();
  const what = question(page, QUESTIONS.what);
  await what.getByText('Museums', { exact: true }).click();
  await answerButton(page, QUESTIONS.what).click();
  await expectPlanWith(page, 'Oslo', 'by plane', 'museums');
});

test('a double-click on submit sends exactly one answer', async ({ page }, testInfo) => {
  const resumes = countResumes(page);
  await openApp(page);
  await composer(page).fill('Surprise me');
  await composer(page).press('Enter');

  await page.getByRole('textbox', { name: QUESTIONS.where }).fill('Porto');
  await answerButton(page, QUESTIONS.where).dblclick();
  // The resume request goes out before the next question can render.
  await expect(question(page, QUESTIONS.how)).toBeVisible();
  expect(resumes.count).toBe(1);

  const how = question(page, QUESTIONS.how);
  await how.getByText('Car', { exact: true }).click();
  await answerButton(page, QUESTIONS.how).dblclick();
  await expect(question(page, QUESTIONS.what)).toBeVisible();
  expect(resumes.count).toBe(2);
  await checkpoint(page, testInfo, 'after-double-clicks');
});

test('"New conversation" starts afresh with a new id', async ({ page }) => {
  await openApp(page);
  await composer(page).fill('Plan a trip');
  await composer(page).press('Enter');
  await expect(page.getByRole('textbox', { name: QUESTIONS.where })).toBeVisible();
  const first = new URL(page.url()).searchParams.get('thread');

  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect(page.getByRole('heading', { name: 'Where to next?' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: QUESTIONS.where })).toHaveCount(0);
  const second = new URL(page.url()).searchParams.get('thread');
  expect(second).toBeTruthy();
  expect(second).not.toBe(first);

  // Back returns to the first conversation, whose question is still waiting on the server.
  await page.goBack();
  await expect(page.getByRole('textbox', { name: QUESTIONS.where })).toBeVisible();
});

test.describe('dark mode on a narrow screen', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('every kind of question is readable and accessible', async ({ page }, testInfo) => {
    await openApp(page);
    await checkpoint(page, testInfo, 'dark-empty');
    await page.getByRole('button', { name: 'Help me plan a summer holiday' }).tap();

    const where = page.getByRole('textbox', { name: QUESTIONS.where });
    await where.fill('Naples');
    await checkpoint(page, testInfo, 'dark-free-text');
    await answerButton(page, QUESTIONS.where).tap();

    const how = question(page, QUESTIONS.how);
    await how.getByText('Car', { exact: true }).tap();
    await checkpoint(page, testInfo, 'dark-single-choice');
    await answerButton(page, QUESTIONS.how).tap();

    const what = question(page, QUESTIONS.what);
    await what.getByText('Beaches', { exact: true }).tap();
    await checkpoint(page, testInfo, 'dark-multiple-choice');
    await answerButton(page, QUESTIONS.what).tap();

    await expectPlanWith(page, 'Naples', 'by car', 'beaches');
    await checkpoint(page, testInfo, 'dark-done');
  });
});
