import { expect, test, type Page } from '@playwright/test';
import {
  answerButton,
  checkpoint,
  composer,
  expectPlanWith,
  finalReply,
  openApp,
  question,
  QUESTIONS,
  status,
} from './helpers.ts';

const welcome = (page: Page) => page.getByRole('heading', { name: 'Where to next?' });
const userMessages = (page: Page) => page.locator('.message--user .bubble');

/** Starts a conversation and answers the first two questions. */
async function answerTwo(page: Page, where: string) {
  await composer(page).fill('Plan a trip');
  await composer(page).press('Enter');
  await page.getByRole('textbox', { name: QUESTIONS.where }).fill(where);
  await answerButton(page, QUESTIONS.where).click();
  await question(page, QUESTIONS.how).getByText('Train', { exact: true }).click();
  await answerButton(page, QUESTIONS.how).click();
  await expect(question(page, QUESTIONS.what)).toBeVisible();
}

test('a tab closed while the plan streams, reopened, shows the whole conversation', async ({
  context,
  page,
}, testInfo) => {
  await openApp(page);
  await answerTwo(page, 'Lisbon');
  const what = question(page, QUESTIONS.what);
  await what.getByText('Hiking', { exact: true }).click();
  await answerButton(page, QUESTIONS.what).click();
  // The plan starts streaming: close the tab in the middle of it.
  await expect(finalReply(page)).toBeVisible();
  const link = page.url();
  await page.close();

  const reopened = await context.newPage();
  await reopened.goto(link);
  await expect(userMessages(reopened)).toHaveText(['Plan a trip']);
  const log = reopened.getByRole('region', { name: 'Conversation' });
  for (const text of [QUESTIONS.where, 'Lisbon', QUESTIONS.how, 'Train', QUESTIONS.what, 'Hiking'])
    await expect(log).toContainText(text);
  await expect(welcome(reopened)).toHaveCount(0);
  // Nothing left to answer: no open question, and a message may be sent.
  await expect(reopened.locator('form[data-scope="ask-user"] input:not([disabled])')).toHaveCount(0);
  await checkpoint(reopened, testInfo, 'reopened-after-close');
});

test('Back to a finished conversation shows it whole; to one in progress, its answers and the open question', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await answerTwo(page, 'Kyoto');
  await question(page, QUESTIONS.what).getByText('Museums', { exact: true }).click();
  await answerButton(page, QUESTIONS.what).click();
  await expectPlanWith(page, 'Kyoto', 'by train', 'museums');

  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect(welcome(page)).toBeVisible();
  await answerTwo(page, 'Oslo');

  await page.goBack();
  await expect(finalReply(page)).toContainText('Here is your plan for Kyoto');
  await expect(userMessages(page)).toHaveText(['Plan a trip']);
  await expect(page.getByRole('region', { name: 'Conversation' })).toContainText('Museums');
  await checkpoint(page, testInfo, 'back-to-finished');

  await page.goForward();
  const log = page.getByRole('region', { name: 'Conversation' });
  await expect(log).toContainText('Oslo');
  await expect(log).toContainText('Train');
  await expect(question(page, QUESTIONS.what).getByRole('checkbox', { name: 'Museums' })).toBeEnabled();
  await expect(status(page)).toContainText('Waiting for you');
  await checkpoint(page, testInfo, 'forward-to-in-progress');
});

test('"New conversation" on an empty conversation adds no history entry', async ({ page }) => {
  await openApp(page);
  const entries = () => page.evaluate(() => window.history.length);
  const before = await entries();
  for (let click = 0; click < 6; click++) {
    const thread = new URL(page.url()).searchParams.get('thread');
    await page.getByRole('button', { name: 'New conversation' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('thread')).not.toBe(thread);
    await expect(welcome(page)).toBeVisible();
  }
  expect(await entries()).toBe(before);
});

test('while the conversation is read, it says so instead of showing the welcome', async ({
  page,
}, testInfo) => {
  // The thread's messages are held back until the test has seen the connecting state.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/memory/**', async (route) => {
    await held;
    await route.continue();
  });
  // A link to a conversation (a new one is not read: the page made it, there is nothing to read).
  await page.goto(`/?thread=trip-${crypto.randomUUID()}`);
  await expect(page.getByText('Opening your conversation…').first()).toBeVisible();
  await expect(welcome(page)).toHaveCount(0);
  await expect(composer(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await checkpoint(page, testInfo, 'connecting');
  release();
  await expect(welcome(page)).toBeVisible();
  await expect(status(page)).toContainText('Ready');
});

test('an invalid ?thread= opens a new conversation with a notice, not the remembered one', async ({
  page,
}, testInfo) => {
  await openApp(page);
  await composer(page).fill('Plan a trip');
  await composer(page).press('Enter');
  await expect(page.getByRole('textbox', { name: QUESTIONS.where })).toBeVisible();
  const remembered = new URL(page.url()).searchParams.get('thread');

  await page.goto('/?thread=%3Cnot%20an%20id%3E');
  await expect(page.getByText('The link did not name a conversation')).toBeVisible();
  await expect(welcome(page)).toBeVisible();
  const opened = new URL(page.url()).searchParams.get('thread');
  expect(opened).not.toBe(remembered);
  expect(opened).toMatch(/^trip-/);
  await checkpoint(page, testInfo, 'invalid-thread');
});
