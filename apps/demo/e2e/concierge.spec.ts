import { expect, test, type Page } from '@playwright/test';
import { checkpoint, composer, openApp, QUESTIONS, status } from './helpers.ts';

const approval = (page: Page) => page.getByRole('form', { name: 'Book trip?' });
const budget = (page: Page) => page.getByRole('form', { name: 'Confirm budget' });
const reply = (page: Page) =>
  page.locator('.message--assistant').filter({ hasText: 'Booked 3 nights in Lisbon' });

/** Counts the page's POSTs to one agent route (approve-tool-call, resume-stream…). */
function countPosts(page: Page, route: string): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith(`/${route}`)) counter.count++;
  });
  return counter;
}

async function openConcierge(page: Page) {
  await page.goto('/?agent=concierge');
  await expect(composer(page)).toBeVisible();
  await expect(status(page)).toContainText('Ready');
}

test('the concierge conversation by mouse', async ({ page }, testInfo) => {
  const approves = countPosts(page, 'approve-tool-call');
  const resumes = countPosts(page, 'resume-stream');
  await openConcierge(page);
  await composer(page).click();
  await composer(page).fill('Book my trip to Lisbon');
  await page.getByRole('button', { name: /Send/ }).last().click();

  await expect(approval(page)).toHaveAttribute('data-state', 'ready');
  await expect(approval(page)).toContainText('Lisbon');
  await checkpoint(page, testInfo, 'approval-ready');
  await approval(page).getByRole('button', { name: 'Approve' }).click();
  await expect(approval(page)).toHaveAttribute('data-state', 'answered');

  const form = budget(page);
  await expect(form).toHaveAttribute('data-state', 'ready');
  // Invalid: refused in the browser, nothing sent.
  await form.getByRole('spinbutton', { name: 'Amount' }).fill('0');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('spinbutton', { name: 'Amount' })).toHaveAttribute('aria-invalid', 'true');
  await checkpoint(page, testInfo, 'form-invalid');
  expect(resumes.count).toBe(0);

  await form.getByRole('spinbutton', { name: 'Amount' }).fill('250');
  await form.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
  await form.getByRole('checkbox', { name: /Flexible/ }).check();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(reply(page)).toContainText('within 250 USD, with a little leeway');
  await expect(status(page)).toContainText('Done');
  await checkpoint(page, testInfo, 'done');
  expect(approves.count).toBe(1);
  expect(resumes.count).toBe(1);
});

test('the concierge conversation by keyboard only', async ({ page }) => {
  await openConcierge(page);
  await composer(page).focus();
  await page.keyboard.type('Book my trip to Lisbon');
  await page.keyboard.press('Enter');

  // The approval is above the composer: back through its buttons.
  await expect(approval(page)).toHaveAttribute('data-state', 'ready');
  await composer(page).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(approval(page).getByRole('button', { name: 'Decline' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(approval(page).getByRole('button', { name: 'Approve' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(approval(page)).toHaveAttribute('data-state', 'answered');

  const form = budget(page);
  await expect(form).toHaveAttribute('data-state', 'ready');
  const amount = form.getByRole('spinbutton', { name: 'Amount' });
  await composer(page).focus();
  // Back from the composer: Send, notes, flexible, currency, amount.
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+Tab');
  await expect(amount).toBeFocused();
  await page.keyboard.type('120');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('combobox', { name: 'Currency' })).toBeFocused();
  await page.keyboard.press('j');
  await expect(form.getByRole('combobox', { name: 'Currency' })).toHaveValue('JPY');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(form.getByRole('checkbox', { name: /Flexible/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Quiet places');
  await page.keyboard.press('Enter');
  await expect(reply(page)).toContainText('within 120 JPY, with a little leeway. Noted: Quiet places.');
});

/** The planner asks its first question in this tab: its thread then waits for an answer. */
async function plannerWaiting(page: Page): Promise<string> {
  await openApp(page);
  await composer(page).fill('Plan a trip');
  await composer(page).press('Enter');
  await expect(page.getByRole('textbox', { name: QUESTIONS.where })).toBeVisible();
  return new URL(page.url()).searchParams.get('thread')!;
}

const threadOf = (page: Page) => new URL(page.url()).searchParams.get('thread');

test("the concierge opened in a tab whose planner waits for an answer gets a thread of its own, and the planner's waits on", async ({
  page,
}) => {
  const plannerThread = await plannerWaiting(page);

  await openConcierge(page);
  expect(threadOf(page)).toMatch(/^concierge-/);
  await composer(page).fill('Book my trip to Lisbon');
  await composer(page).press('Enter');
  await expect(approval(page)).toHaveAttribute('data-state', 'ready');

  // Back to the planner: its own conversation, its question still waiting.
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: QUESTIONS.where })).toBeVisible();
  expect(threadOf(page)).toBe(plannerThread);
});

test("a concierge link naming the planner's waiting thread opens a new concierge conversation, said so", async ({
  page,
}, testInfo) => {
  const plannerThread = await plannerWaiting(page);

  await page.goto(`/?agent=concierge&thread=${plannerThread}`);
  await expect(page.getByText('The link did not name a conversation the concierge can open')).toBeVisible();
  await expect(status(page)).toContainText('Ready');
  expect(threadOf(page)).toMatch(/^concierge-/);
  await composer(page).fill('Book my trip to Lisbon');
  await composer(page).press('Enter');
  await expect(approval(page)).toHaveAttribute('data-state', 'ready');
  await checkpoint(page, testInfo, 'concierge-from-planner-link');
});

test("a thread another agent's question waits on is refused with the fix, and what was typed stays", async ({
  page,
  request,
}, testInfo) => {
  // Only a client other than this demo can get there: the planner asks on a concierge thread.
  const thread = `concierge-shared-${Date.now()}`;
  const asked = await request.post('/api/agents/planner/stream', {
    data: { messages: [{ role: 'user', content: 'Plan a trip' }], memory: { thread, resource: thread } },
  });
  expect(await asked.text()).toContain('tool-call-suspended');

  await page.goto(`/?agent=concierge&thread=${thread}`);
  await expect(status(page)).toContainText('Ready');
  await composer(page).fill('Book my trip to Lisbon');
  await composer(page).press('Enter');
  await expect(page.getByRole('alert')).toContainText(
    'This conversation is waiting for an answer to agent "planner"\'s question: answer it there first, or start a new conversation.',
  );
  // The thread's history shows the planner's conversation too; the message kept is the last.
  await expect(page.locator('.message--user .bubble').last()).toHaveText('Book my trip to Lisbon');
  await checkpoint(page, testInfo, 'thread-waiting');
});

test("a question from the concierge's own tool (askUser): one choice, then a form, answered to the end", async ({
  page,
}) => {
  const resumes = countPosts(page, 'resume-stream');
  await openConcierge(page);
  await page.getByRole('button', { name: 'Reserve a table for dinner' }).click();
  const evening = page.getByRole('group', { name: 'Which evening in Lisbon?' });
  await evening.getByRole('radio', { name: /Saturday/ }).check();
  await page.getByRole('button', { name: 'Send' }).first().click();

  const party = page.getByRole('form', { name: 'Who is coming?' });
  await expect(party).toHaveAttribute('data-state', 'ready');
  await party.getByRole('spinbutton', { name: 'Guests' }).fill('0');
  await party.getByRole('button', { name: 'Send' }).click();
  await expect(party.getByRole('spinbutton', { name: 'Guests' })).toHaveAttribute('aria-invalid', 'true');
  expect(resumes.count).toBe(1);
  await party.getByRole('spinbutton', { name: 'Guests' }).fill('4');
  await party.getByRole('textbox', { name: 'Name' }).fill('Ada');
  await party.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('.message--assistant').last()).toContainText(
    'Reserved a table for 4 on Saturday evening in Lisbon, under the name Ada.',
  );
  expect(resumes.count).toBe(2);
});
