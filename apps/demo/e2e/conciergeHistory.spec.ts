import { expect, test, type Page } from '@playwright/test';
import { composer, status } from './helpers.ts';

// The concierge's conversation as the planner's is kept: after a reload, in a second tab, and in
// the order it happened. Items are found by kind, not by their title's words.
const approvals = (page: Page) => page.locator('form[data-scope="ask-user"][data-kind="approval"]');
const budget = (page: Page) => page.locator('form[data-scope="ask-user"][data-kind="form"]');
// The composer's Send: a form has one too.
const sendButton = (page: Page) =>
  page.getByRole('form', { name: /^Message/ }).getByRole('button', { name: 'Send', exact: true });
const composerHint = (page: Page) => page.locator('.composer__hint');

async function openConcierge(page: Page) {
  await page.goto('/?agent=concierge');
  await expect(composer(page)).toBeVisible();
  await expect(status(page)).toContainText('Ready');
}

/** Sends a message (once the last reply has ended: Enter sends nothing before) and waits for the approval it leads to. */
async function ask(page: Page, text: string) {
  await composer(page).fill(text);
  await expect(sendButton(page)).toBeEnabled();
  await composer(page).press('Enter');
  await expect(approvals(page).last()).toHaveAttribute('data-state', 'ready');
}

test('a reload brings the whole concierge conversation back: the message, the approval given, the form waiting', async ({
  page,
}) => {
  await openConcierge(page);
  await ask(page, 'Book my trip to Lisbon');
  await approvals(page).getByRole('button', { name: 'Approve' }).click();
  await expect(budget(page)).toHaveAttribute('data-state', 'ready');

  await page.reload();
  await expect(page.locator('.message--user .bubble')).toHaveText(['Book my trip to Lisbon']);
  await expect(approvals(page)).toHaveCount(1);
  await expect(approvals(page)).toHaveAttribute('data-state', 'answered');
  await expect(approvals(page)).toContainText('Approved.');
  await expect(budget(page)).toHaveAttribute('data-state', 'ready');
  await expect(status(page)).toContainText('Waiting for you');
  // Nothing else can be started while the form waits.
  await composer(page).fill('Something else');
  await expect(sendButton(page)).toBeDisabled();

  const form = budget(page);
  await form.getByRole('spinbutton').first().fill('90');
  await form.getByRole('combobox').selectOption('EUR');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('.message--assistant').filter({ hasText: 'Booked 3 nights' })).toContainText(
    'within 90 EUR',
  );
});

test('a second tab shows the form now waiting once the first approves, and cannot start a second run meanwhile', async ({
  context,
  page: tabA,
}) => {
  await openConcierge(tabA);
  await ask(tabA, 'Book my trip to Lisbon');

  const tabB = await context.newPage();
  await tabB.goto(tabA.url());
  await expect(approvals(tabB)).toHaveAttribute('data-state', 'ready');
  await expect(tabB.locator('.message--user .bubble')).toHaveText(['Book my trip to Lisbon']);
  // A request waits: no second run from this tab either.
  await composer(tabB).fill('Book something else');
  await expect(sendButton(tabB)).toBeDisabled();
  await expect(composerHint(tabB)).toHaveText('Answer the request above to continue.');

  await approvals(tabA).getByRole('button', { name: 'Approve' }).click();
  await expect(budget(tabA)).toHaveAttribute('data-state', 'ready');

  // Tab B, never reloaded: the approval given, and the form now waiting, ready there.
  await expect(budget(tabB)).toHaveAttribute('data-state', 'ready');
  await expect(approvals(tabB)).toHaveAttribute('data-state', 'answered');
  await expect(approvals(tabB)).toContainText('Approved.');
  await expect(sendButton(tabB)).toBeDisabled();
  await expect(composerHint(tabB)).toHaveText('Answer the request above to continue.');
});

test('a declined approval stays where it was asked when the conversation goes on', async ({ page }) => {
  await openConcierge(page);
  await ask(page, 'Book my trip to Lisbon');
  await approvals(page).getByRole('button', { name: 'Decline' }).click();
  const declinedReply = page.locator('.message--assistant').filter({ hasText: 'I did not book Lisbon' });
  await expect(declinedReply).toBeVisible();

  await ask(page, 'Please book it after all');
  await expect(approvals(page)).toHaveCount(2);

  // In the order it happened: message, declined approval, reply, message, new approval.
  const order = async () =>
    page
      .locator('.transcript > li')
      .evaluateAll((rows) =>
        rows.map((row) =>
          row.querySelector('[data-kind="approval"]')
            ? `approval:${row.querySelector('[data-kind="approval"]')!.getAttribute('data-state')}`
            : row.classList.contains('message--user')
              ? `user:${row.textContent!.replace('You said:', '').trim()}`
              : 'reply',
        ),
      );
  const expected = [
    'user:Book my trip to Lisbon',
    'approval:answered',
    'reply',
    'user:Please book it after all',
    'approval:ready',
  ];
  await expect.poll(order).toEqual(expected);
  // And after a reload.
  await page.reload();
  await expect.poll(order).toEqual(expected);
});
