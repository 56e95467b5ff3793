import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { checkpoint, composer, expectPlanWith, openApp, question, QUESTIONS, status } from './helpers.ts';

// The planner's conversation through each chat stack (?stack=), against the real server: the AI
// SDK's useChat and assistant-ui over chatRoute (/chat/planner), @mastra/react's useChat over the
// agent routes. The default page has its own specs.
const STACKS = ['ai-sdk', 'mastra-react', 'assistant-ui'] as const;

// The docs' screenshot of each stack (docs/screenshots) when SCREENSHOTS=1; else kept with the test's output.
const screenshot = (name: string, testInfo: TestInfo) =>
  process.env.SCREENSHOTS
    ? fileURLToPath(new URL(`../../../docs/screenshots/${name}`, import.meta.url))
    : testInfo.outputPath(name);

/** Each question's own Send: the composer has one too. */
const send = (page: Page, text: string) => question(page, text).getByRole('button', { name: 'Send' });

/** Counts the page's answers: chatRoute requests with resume data, or resume-stream requests. */
function countAnswers(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const path = new URL(request.url()).pathname;
    if (
      path.endsWith('/resume-stream') ||
      (path === '/chat/planner' && request.postData()?.includes('"resumeData"'))
    )
      counter.count++;
  });
  return counter;
}

async function answerWhere(page: Page, place: string) {
  const where = page.getByRole('textbox', { name: QUESTIONS.where });
  await expect(where).toBeVisible();
  await expect(status(page)).toContainText('Waiting for you');
  await where.fill(place);
  await send(page, QUESTIONS.where).click();
}

/** What the page logged as an error, and the errors it threw. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

// One conversation per stack: the first answer, a reload while the next question waits (the link
// keeps the thread, ?thread=; @mastra/react reads the stored messages back, the stacks over chatRoute,
// which serves no history, read them through the server's chatHistoryRoute), then the two other
// answers to the plan.
for (const stack of STACKS) {
  test(`the planner's three questions answered to the end through ${stack}, a reload while one waits bringing it back`, async ({
    page,
  }, testInfo) => {
    const answers = countAnswers(page);
    const errors = watchErrors(page);
    await openApp(page, `/?stack=${stack}`);
    await page.getByRole('button', { name: 'Plan a long weekend away' }).click();
    await answerWhere(page, 'Lisbon');
    await expect(question(page, QUESTIONS.where)).toHaveAttribute('data-state', 'answered');
    await expect(question(page, QUESTIONS.how)).toHaveAttribute('data-state', 'ready');
    // The preview is React's production build, which does not log invalid nesting: the DOM shows it.
    await expect(page.locator('p :is(p, div, form, fieldset, ul, ol, li)')).toHaveCount(0);
    expect(errors).toEqual([]);

    await page.reload();
    await expect(page.locator('.message--user')).toContainText('Plan a long weekend away');
    const how = question(page, QUESTIONS.how);
    await expect(how).toHaveAttribute('data-state', 'ready');
    // The question answered before the reload stays, with its answer, before the one that waits.
    const where = question(page, QUESTIONS.where);
    await expect(where).toHaveAttribute('data-state', 'answered');
    await expect(where).toContainText('Lisbon');
    await expect(page.locator('form[data-scope="ask-user"]')).toHaveCount(2);
    await expect(status(page)).toContainText('Waiting for you');
    await checkpoint(page, testInfo, `${stack}-reloaded-question`);
    await how.getByText('Train', { exact: true }).click();
    await send(page, QUESTIONS.how).click();

    const what = question(page, QUESTIONS.what);
    await what.getByRole('checkbox', { name: 'Museums' }).check();
    await what.getByRole('checkbox', { name: 'Food tours' }).check();
    await checkpoint(page, testInfo, `${stack}-multiple-choice-question`);
    await send(page, QUESTIONS.what).click();

    await expectPlanWith(page, 'Lisbon', 'by train', 'museums, food tours');
    // The window as the user sees it (the header is sticky: a full-page shot would cut through it).
    await page.screenshot({ path: screenshot(`stack-${stack}.png`, testInfo), animations: 'disabled' });
    // Every question stays in the conversation, answered; none is open, none shows twice.
    await expect(page.locator('form[data-scope="ask-user"]')).toHaveCount(3);
    await expect(page.locator('form[data-scope="ask-user"][data-state="answered"]')).toHaveCount(3);
    await expect(composer(page)).toBeEnabled();
    expect(answers.count).toBe(3);
  });
}

for (const stack of ['ai-sdk', 'assistant-ui'] as const) {
  test(`a history that cannot be read is said through ${stack}, and a reload tries again`, async ({
    page,
  }) => {
    await page.route('**/chat/planner/history?*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"Service Unavailable"}',
      }),
    );
    // A link to a conversation: read on opening (a new one the page makes has nothing to read).
    await page.goto(`/?stack=${stack}&thread=trip-${crypto.randomUUID()}`);
    await expect(page.getByRole('alert')).toContainText(
      'The conversation could not be read from the server.',
    );
    // Nothing can be sent into a conversation that could not be read.
    const sendMessage = page.getByRole('button', { name: 'Send', exact: true });
    await composer(page).fill('Plan a weekend');
    await expect(sendMessage).toBeDisabled();

    await page.unroute('**/chat/planner/history?*');
    await page.reload();
    await expect(status(page)).toContainText('Ready');
    await composer(page).fill('Plan a weekend');
    await expect(sendMessage).toBeEnabled();
  });
}

for (const stack of [...STACKS, 'copilotkit'] as const) {
  test(`a new conversation through ${stack} reads nothing of a thread that does not exist yet: no failed request, no console error`, async ({
    page,
  }) => {
    const trouble: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') trouble.push(`console: ${message.text()}`);
    });
    page.on('requestfailed', (request) => trouble.push(`failed: ${request.url()}`));
    page.on('response', (response) => {
      if (response.status() >= 400) trouble.push(`${response.status()}: ${response.url()}`);
    });
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && !request.url().includes('/assets/')) reads.push(request.url());
    });
    await openApp(page, `/?stack=${stack}`);
    const first = new URL(page.url()).searchParams.get('thread');
    await page.getByRole('button', { name: 'New conversation' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('thread')).not.toBe(first);
    const made = new URL(page.url()).searchParams.get('thread')!;
    await expect(page.getByRole('heading', { name: 'Where to next?' })).toBeVisible();
    await expect(status(page)).toContainText('Ready');
    await composer(page).fill('Plan a trip');
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
    expect(trouble).toEqual([]);
    // The page made the conversation: it has nothing on the server to read. (The header's inbox
    // count reads the kit's index for every conversation this browser knows, this one included.)
    expect(reads.filter((url) => url.includes(made) && !url.includes('/inbox/'))).toEqual([]);
  });
}

for (const stack of [...STACKS, 'copilotkit'] as const) {
  test(`two tabs through ${stack} stay in step: one sends nothing while the other's request runs, then shows where it got`, async ({
    context,
    page: tabA,
  }) => {
    await openApp(tabA, `/?stack=${stack}`);
    const tabB = await context.newPage();
    await tabB.goto(tabA.url());
    await expect(status(tabB)).toContainText('Ready');

    await tabA.getByRole('button', { name: 'Plan a long weekend away' }).click();
    await answerWhere(tabA, 'Lisbon');
    await expect(question(tabA, QUESTIONS.how)).toHaveAttribute('data-state', 'ready');

    // Tab B, never reloaded: the conversation as it is now, the question waiting there too.
    await expect(question(tabB, QUESTIONS.how)).toHaveAttribute('data-state', 'ready');
    await expect(tabB.locator('.message--user')).toContainText('Plan a long weekend away');
    await composer(tabB).fill('Plan another trip');
    const sendMessage = tabB.getByRole('form', { name: /^Message/ }).getByRole('button', { name: 'Send' });
    await expect(sendMessage).toBeDisabled();
  });
}
