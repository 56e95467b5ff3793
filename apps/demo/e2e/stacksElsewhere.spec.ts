import { expect, test, type Page } from '@playwright/test';
import { checkpoint, composer, openApp, question, QUESTIONS, status } from './helpers.ts';

// A question answered on another device, through each chat stack (?stack=), against the real
// server and its answer guard: the device that answers second is told calmly, as the planner
// page tells it, and gets the question that waits now.

const STACKS = ['ai-sdk', 'mastra-react', 'assistant-ui', 'copilotkit'] as const;
const ANSWERED_ELSEWHERE = 'This question was answered in another window or device.';

/** Each question's own Send: the composer has one too. */
const send = (page: Page, text: string) => question(page, text).getByRole('button', { name: 'Send' });

/** What the page logged as an error, and the errors it threw. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const stack of STACKS) {
  test(`a question answered on another device is said calmly through ${stack}, with the next question`, async ({
    browser,
    page: deviceA,
  }, testInfo) => {
    await openApp(deviceA, `/?stack=${stack}`);
    await deviceA.getByRole('button', { name: 'Plan a long weekend away' }).click();
    const whereA = deviceA.getByRole('textbox', { name: QUESTIONS.where });
    await expect(whereA).toBeVisible();
    await expect(status(deviceA)).toContainText('Waiting for you');
    const errors = watchErrors(deviceA);

    // Device B, on the same conversation (?thread=), answers first.
    const other = await browser.newContext();
    const deviceB = await other.newPage();
    await deviceB.goto(deviceA.url());
    await deviceB.getByRole('textbox', { name: QUESTIONS.where }).fill('Lisbon');
    await send(deviceB, QUESTIONS.where).click();
    await expect(question(deviceB, QUESTIONS.how)).toHaveAttribute('data-state', 'ready');
    await other.close();

    // Device A answers the question B answered: the answer guard refuses it (409).
    await whereA.fill('Porto');
    await send(deviceA, QUESTIONS.where).click();
    const where = question(deviceA, QUESTIONS.where);
    await expect(where).toHaveAttribute('data-state', 'answered-elsewhere');
    await expect(where.locator('[data-part="error"]')).toHaveText(ANSWERED_ELSEWHERE);
    // Then the question that waits now, ready to answer on A; nothing failed.
    const how = question(deviceA, QUESTIONS.how);
    await expect(how).toHaveAttribute('data-state', 'ready');
    await expect(status(deviceA)).toContainText('Waiting for you');
    await expect(deviceA.getByText('Something went wrong')).toHaveCount(0);
    await expect(deviceA.getByRole('alert')).toHaveCount(0);
    await expect(deviceA.getByText(/already answered/)).toHaveCount(0);
    await checkpoint(deviceA, testInfo, `${stack}-answered-elsewhere`);

    await how.getByText('Train', { exact: true }).click();
    await send(deviceA, QUESTIONS.how).click();
    await expect(question(deviceA, QUESTIONS.what)).toHaveAttribute('data-state', 'ready');
    await expect(composer(deviceA)).toBeVisible();
    expect(errors.filter((error) => !error.includes('409 (Conflict)'))).toEqual([]);
  });
}
