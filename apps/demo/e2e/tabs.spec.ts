import { expect, test, type Page } from '@playwright/test';
import {
  answerButton,
  checkpoint,
  composer,
  countResumes,
  openApp,
  question,
  QUESTIONS,
  status,
} from './helpers.ts';

const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });
const composerHint = (page: Page) => page.locator('.composer__hint');

/** Nothing that reads as a failure or a dead end. */
async function expectCalm(page: Page) {
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByText(/start a new conversation/i)).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: /not reachable|offline|could not/i })).toHaveCount(
    0,
  );
}

/** Opens the app and starts a conversation that waits on its first question. */
async function startWaiting(page: Page) {
  await openApp(page);
  await composer(page).fill('Plan a trip');
  await composer(page).press('Enter');
  await expect(page.getByRole('textbox', { name: QUESTIONS.where })).toBeVisible();
}

test('two tabs in one browser stay in step: an answer in one shows in the other at once', async ({
  context,
  page: tabA,
}, testInfo) => {
  await startWaiting(tabA);
  const tabB = await context.newPage();
  await tabB.goto(tabA.url());
  await expect(tabB.getByRole('textbox', { name: QUESTIONS.where })).toBeVisible();
  // A question waits: neither tab may start a second run in the thread.
  await expect(sendButton(tabB)).toBeDisabled();
  await expect(composerHint(tabB)).toHaveText('Answer the question above to continue.');

  await tabA.getByRole('textbox', { name: QUESTIONS.where }).fill('Lisbon');
  await answerButton(tabA, QUESTIONS.where).click();
  await expect(question(tabA, QUESTIONS.how)).toBeVisible();

  // Tab B, never reloaded: the answer, and the next question, ready to answer there.
  const how = question(tabB, QUESTIONS.how);
  await expect(how).toBeVisible();
  await expect(question(tabB, QUESTIONS.where)).toContainText('Lisbon');
  await expect(tabB.getByRole('textbox', { name: QUESTIONS.where })).toHaveCount(0);
  await expect(status(tabB)).toContainText('Waiting for you');
  await expect(sendButton(tabB)).toBeDisabled();
  await expectCalm(tabB);
  await checkpoint(tabB, testInfo, 'tab-b-in-step');

  // And back the other way: B answers, A follows.
  await how.getByText('Car', { exact: true }).click();
  await answerButton(tabB, QUESTIONS.how).click();
  await expect(question(tabA, QUESTIONS.what)).toBeVisible();
  await expect(question(tabA, QUESTIONS.how)).toContainText('Car');
  await expectCalm(tabA);
});

test('two devices answer the same question: the second is told calmly, and gets the next question', async ({
  browser,
  page: deviceA,
}, testInfo) => {
  await startWaiting(deviceA);
  const other = await browser.newContext();
  const deviceB = await other.newPage();
  const resumesB = countResumes(deviceB);
  await deviceB.goto(deviceA.url());
  const whereB = deviceB.getByRole('textbox', { name: QUESTIONS.where });
  await expect(whereB).toBeVisible();

  await deviceA.getByRole('textbox', { name: QUESTIONS.where }).fill('Lisbon');
  await answerButton(deviceA, QUESTIONS.where).click();
  await expect(question(deviceA, QUESTIONS.how)).toBeVisible();

  // B, in another browser, answers the question A already answered: the guard refuses it (409).
  await whereB.fill('Porto');
  await answerButton(deviceB, QUESTIONS.where).click();
  await expect(question(deviceB, QUESTIONS.where).locator('[data-part="error"]')).toHaveText(
    'This question was answered in another window or device.',
  );
  expect(resumesB.count).toBe(1);
  // Then the conversation as it is now: A's answer and the next question, ready to answer on B.
  await expect(question(deviceB, QUESTIONS.how)).toBeVisible();
  await expect(question(deviceB, QUESTIONS.how).getByRole('radio', { name: /Train/ })).toBeEnabled();
  await expectCalm(deviceB);
  await expect(status(deviceB)).toContainText('Waiting for you');
  await checkpoint(deviceB, testInfo, 'answered-elsewhere');
  await other.close();
});

test('while it is unknown whether a question waits, no message can be sent, and the page says why', async ({
  page,
}, testInfo) => {
  // The list of waiting questions fails (a gateway in trouble): one may be waiting, unseen.
  await page.route('**/suspended-runs*', (route) =>
    route.fulfill({ status: 502, contentType: 'application/json', body: '{"error":"Bad gateway"}' }),
  );
  // A link to a conversation, read on opening (a new one the page makes has nothing to read).
  await page.goto(`/?thread=trip-${crypto.randomUUID()}`);
  const alert = page.getByRole('alert').filter({ hasText: 'Could not check for open questions' });
  await expect(alert).toBeVisible();
  await composer(page).fill('Plan a trip');
  await expect(sendButton(page)).toBeDisabled();
  await expect(composerHint(page)).toContainText('Sending is paused');
  await expect(page.getByRole('button', { name: 'Plan a long weekend away' })).toBeDisabled();
  await checkpoint(page, testInfo, 'send-paused');

  // Retry once the list can be read: nothing waits, so the message may go.
  await page.unroute('**/suspended-runs*');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toHaveCount(0);
  await expect(sendButton(page)).toBeEnabled();
  await sendButton(page).click();
  await expect(page.getByRole('textbox', { name: QUESTIONS.where })).toBeVisible();
  await expect(page.locator('form[data-scope="ask-user"]')).toHaveCount(1);
});
