import { expect, test, type Page, type Route } from '@playwright/test';
import { composer, openApp, status } from './helpers.ts';

const welcome = (page: Page) => page.getByRole('heading', { name: 'Where to next?' });
const newConversation = (page: Page) => page.getByRole('button', { name: 'New conversation' });
const threadOf = (page: Page) => new URL(page.url()).searchParams.get('thread');

/** Every console error and every failed request (a 4xx or 5xx answer, or no answer) of the page. */
function recordTrouble(page: Page): string[] {
  const trouble: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.push(`console: ${message.text()}`);
  });
  page.on('requestfailed', (request) => trouble.push(`failed: ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) trouble.push(`${response.status()}: ${response.url()}`);
  });
  return trouble;
}

test('a new conversation reads nothing of a thread that does not exist yet: no failed request, no console error', async ({
  page,
}) => {
  const trouble = recordTrouble(page);
  await openApp(page);
  await expect(welcome(page)).toBeVisible();
  const first = threadOf(page);
  await newConversation(page).click();
  await expect.poll(() => threadOf(page)).not.toBe(first);
  await expect(welcome(page)).toBeVisible();
  await expect(status(page)).toContainText('Ready');
  expect(trouble).toEqual([]);
});

test('on a slow link, "New conversation" is ready at once and the old conversation\'s reads are aborted', async ({
  page,
}) => {
  // Memory and suspended-run reads are held until the test ends: nothing can become ready through them.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const outcomes = new Map<string, 'held' | 'aborted' | 'answered'>();
  const hold = async (route: Route) => {
    const url = route.request().url();
    outcomes.set(url, 'held');
    await held;
    await route.continue().then(
      () => outcomes.get(url) === 'held' && outcomes.set(url, 'answered'),
      () => outcomes.set(url, 'aborted'),
    );
  };
  page.on('requestfailed', (request) => {
    if (outcomes.has(request.url())) outcomes.set(request.url(), 'aborted');
  });
  await page.route('**/api/memory/**', hold);
  await page.route('**/suspended-runs**', hold);
  // A link to a conversation the page did not make: it is read.
  const linked = `trip-${crypto.randomUUID()}`;
  const linkedReads = () => [...outcomes].filter(([url]) => url.includes(linked)).map(([, what]) => what);
  await page.goto(`/?thread=${linked}`);
  await expect(page.getByText('Opening your conversation…').first()).toBeVisible();
  await expect.poll(() => linkedReads().length).toBe(2);

  await newConversation(page).click();
  await expect.poll(() => threadOf(page)).not.toBe(linked);
  await expect(welcome(page)).toBeVisible();
  await composer(page).fill('Plan a trip');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  await expect.poll(linkedReads).toEqual(['aborted', 'aborted']);
  release();
});

test('Enter while the conversation is opening sends the message once it is open', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/memory/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/?thread=trip-${crypto.randomUUID()}`);
  await expect(page.getByText('Opening your conversation…').first()).toBeVisible();
  await composer(page).fill('Plan a trip');
  await composer(page).press('Enter');
  await expect(
    page.getByText('Your message will be sent as soon as the conversation is open.'),
  ).toBeVisible();
  release();
  await expect(page.locator('.message--user .bubble')).toHaveText(['Plan a trip']);
  await expect(composer(page)).toHaveValue('');
});

test('Enter while a question waits keeps the text and says why it was not sent', async ({ page }) => {
  await openApp(page);
  await composer(page).fill('Plan a trip');
  await composer(page).press('Enter');
  await expect(page.getByRole('textbox', { name: 'Where would you like to go?' })).toBeVisible();
  await composer(page).fill('Somewhere warm');
  await composer(page).press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    'Not sent yet, your message is kept: Answer the question above to continue.',
  );
  await expect(composer(page)).toHaveValue('Somewhere warm');
});
