import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type Request, type TestInfo } from '@playwright/test';
import { checkpoint, composer, expectPlanWith, openApp, question, QUESTIONS, status } from './helpers.ts';

// The planner through CopilotKit (?stack=copilotkit) against the real server: CopilotKit's React
// provider in the page, CopilotKit's runtime at /copilotkit running the Mastra agent through
// @ag-ui/mastra, each question an AG-UI interrupt answered with useAskUserCopilotKit.

const STACK = '/?stack=copilotkit';
const RUN_PATH = '/copilotkit/agent/planner/run';
// The prompt's words for a question the answer guard says another client answered first.
const ANSWERED_ELSEWHERE = 'This question was answered in another window or device.';

// The docs' screenshot (docs/screenshots) when SCREENSHOTS=1; else kept with the test's output.
const screenshot = (name: string, testInfo: TestInfo) =>
  process.env.SCREENSHOTS
    ? fileURLToPath(new URL(`../../../docs/screenshots/${name}`, import.meta.url))
    : testInfo.outputPath(name);

/** A run request that answers an interrupt: AG-UI's `resume` in the body. */
const isResume = (request: Request) =>
  request.method() === 'POST' &&
  new URL(request.url()).pathname === RUN_PATH &&
  (request.postDataJSON() as { resume?: unknown[] } | null)?.resume?.length !== undefined;

/** The answers the page sent, in order (the payload of each resume request). */
function watchResumes(page: Page): unknown[] {
  const answers: unknown[] = [];
  page.on('request', (request) => {
    if (!isResume(request)) return;
    const body = request.postDataJSON() as { resume: { payload: unknown }[] };
    answers.push(...body.resume.map((entry) => entry.payload));
  });
  return answers;
}

/** Each question's own Send: the composer has one too. */
const send = (page: Page, text: string) => question(page, text).getByRole('button', { name: 'Send' });

async function startPlanning(page: Page) {
  await openApp(page, STACK);
  await page.getByRole('button', { name: 'Plan a long weekend away' }).click();
  const where = page.getByRole('textbox', { name: QUESTIONS.where });
  await expect(where).toBeVisible();
  await expect(status(page)).toContainText('Waiting for you');
  return where;
}

/** The planner started and its first question answered with `place`: the second waits. */
async function whereAnswered(page: Page, place: string) {
  const where = await startPlanning(page);
  await where.fill(place);
  await send(page, QUESTIONS.where).click();
  await expect(question(page, QUESTIONS.how)).toHaveAttribute('data-state', 'ready');
}

/**
 * Holds back the runtime's /info (until it answers, CopilotKit lends a stand-in for the agent):
 * `requested()` once the page asked for it, `release()` lets it and every later one through.
 */
async function holdInfo(page: Page) {
  let holding = true;
  const held: (() => Promise<void>)[] = [];
  await page.route('**/copilotkit/info', (route) => {
    if (!holding) return route.continue();
    held.push(() => route.continue());
  });
  return {
    requested: () => expect.poll(() => held.length).toBeGreaterThan(0),
    release: async () => {
      holding = false;
      await Promise.all(held.map((continued) => continued()));
    },
  };
}

test("the planner's three questions answered to the end through CopilotKit", async ({ page }, testInfo) => {
  const answers = watchResumes(page);
  // CopilotKit's provider talks to the runtime only: no request leaves the page's own server.
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname !== '127.0.0.1' && url.protocol !== 'data:') outside.push(url.href);
  });
  const where = await startPlanning(page);
  await where.fill('Lisbon');
  await send(page, QUESTIONS.where).click();

  const how = question(page, QUESTIONS.how);
  await how.getByText('Train', { exact: true }).click();
  await send(page, QUESTIONS.how).click();

  const what = question(page, QUESTIONS.what);
  await what.getByRole('checkbox', { name: 'Museums' }).check();
  await what.getByRole('checkbox', { name: 'Food tours' }).check();
  await checkpoint(page, testInfo, 'copilotkit-multiple-choice-question');
  await send(page, QUESTIONS.what).click();

  await expectPlanWith(page, 'Lisbon', 'by train', 'museums, food tours');
  // The plan after the answered questions, as they came.
  await expect(page.locator('.transcript > li').last()).toContainText('Here is your plan');
  // The window as the user sees it (the header is sticky: a full-page shot would cut through it).
  await page.screenshot({ path: screenshot('stack-copilotkit.png', testInfo), animations: 'disabled' });
  await expect(page.locator('form[data-scope="ask-user"][data-state="answered"]')).toHaveCount(3);
  await expect(composer(page)).toBeEnabled();
  expect(answers).toEqual(['Lisbon', 'Train', ['Museums', 'Food tours']]);
  expect(outside).toEqual([]);
});

test('a reload while a question waits brings it back, and answering it completes the run', async ({
  page,
}) => {
  await whereAnswered(page, 'Porto');

  // The link keeps the conversation (?thread=): the CopilotKit thread and Mastra's. The runtime's
  // connect replays the thread: the conversation comes back with its question.
  await page.reload();
  const answers = watchResumes(page);
  await expect(page.locator('.message--user')).toContainText('Plan a long weekend away');
  const how = question(page, QUESTIONS.how);
  await expect(how).toHaveAttribute('data-state', 'ready');
  await expect(status(page)).toContainText('Waiting for you');
  await how.getByText('Plane', { exact: true }).click();
  await send(page, QUESTIONS.how).click();
  await question(page, QUESTIONS.what).getByRole('checkbox', { name: 'Hiking' }).check();
  await send(page, QUESTIONS.what).click();
  await expectPlanWith(page, 'Porto', 'by plane', 'hiking');
  expect(answers).toEqual(['Plane', ['Hiking']]);
});

test('a reload brings the question back from the suspended runs when the runtime replays nothing', async ({
  page,
}) => {
  await whereAnswered(page, 'Bergen');

  // As after a restart of the runtime, whose thread history lives in memory: its connect fails.
  await page.route('**/copilotkit/agent/planner/connect', (route) => route.abort());
  await page.reload();
  const answers = watchResumes(page);
  const how = question(page, QUESTIONS.how);
  await expect(how).toHaveAttribute('data-state', 'ready');
  await how.getByText('Car', { exact: true }).click();
  await send(page, QUESTIONS.how).click();
  await question(page, QUESTIONS.what).getByRole('checkbox', { name: 'Beaches' }).check();
  await send(page, QUESTIONS.what).click();
  await expectPlanWith(page, 'Bergen', 'by car', 'beaches');
  expect(answers).toEqual(['Car', ['Beaches']]);
});

test('an invalid answer sends nothing', async ({ page }) => {
  const answers = watchResumes(page);
  const where = await startPlanning(page);
  await where.fill('   ');
  await send(page, QUESTIONS.where).click();
  await expect(question(page, QUESTIONS.where).getByText('Please write an answer.')).toBeVisible();
  await expect(question(page, QUESTIONS.where)).toHaveAttribute('data-state', 'ready');
  expect(answers).toEqual([]);
});

test('a failed resume keeps the answer, and Retry sends it again', async ({ page }) => {
  const answers = watchResumes(page);
  const where = await startPlanning(page);
  // The first resume fails for real in the page: answered with a 503, as a proxy in trouble would.
  let refused = 0;
  await page.route(`**${RUN_PATH}`, async (route) => {
    if (!isResume(route.request()) || refused > 0) return route.fallback();
    refused += 1;
    await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable"}' });
  });
  await where.fill('Oslo');
  await send(page, QUESTIONS.where).click();

  const asked = question(page, QUESTIONS.where);
  await expect(asked).toHaveAttribute('data-state', 'failed');
  await expect(page.getByRole('textbox', { name: QUESTIONS.where })).toHaveValue('Oslo');
  await asked.getByRole('button', { name: 'Retry' }).click();
  await expect(question(page, QUESTIONS.how)).toHaveAttribute('data-state', 'ready');
  // Nothing left of the failure once the answer went through.
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(answers).toEqual(['Oslo', 'Oslo']);
});

test('a double click sends one resume', async ({ page }) => {
  const answers = watchResumes(page);
  const where = await startPlanning(page);
  await where.fill('Rome');
  await send(page, QUESTIONS.where).dblclick();
  await expect(question(page, QUESTIONS.how)).toHaveAttribute('data-state', 'ready');
  expect(answers).toEqual(['Rome']);
});

test('a question already answered on another device is refused by the guard and shows as answered elsewhere', async ({
  page,
  browser,
}) => {
  await startPlanning(page);
  // Another browser on the same conversation (tabs of one browser follow each other): the
  // runtime's connect brings the question there too.
  const other = await (await browser.newContext()).newPage();
  await other.goto(page.url());
  await other.getByRole('textbox', { name: QUESTIONS.where }).fill('Madrid');
  await send(other, QUESTIONS.where).click();
  await expect(question(other, QUESTIONS.how)).toHaveAttribute('data-state', 'ready');

  const answers = watchResumes(page);
  const refused = page.waitForResponse((response) => isResume(response.request()));
  await page.getByRole('textbox', { name: QUESTIONS.where }).fill('Paris');
  await send(page, QUESTIONS.where).click();
  // The answer guard refused it before CopilotKit's runtime (409), and the prompt says why.
  expect((await refused).status()).toBe(409);
  const asked = question(page, QUESTIONS.where);
  await expect(asked).toHaveAttribute('data-state', 'answered-elsewhere');
  await expect(asked.locator('[data-part="error"]')).toHaveText(ANSWERED_ELSEWHERE);
  // Told calmly by the prompt: not a failure of the page.
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  expect(answers).toEqual(['Paris']);
});

test('two devices sending the same question at once: one answer reaches the runtime, the other is answered elsewhere', async ({
  page,
  browser,
}) => {
  await startPlanning(page);
  const other = await (await browser.newContext()).newPage();
  await other.goto(page.url());
  await expect(other.getByRole('textbox', { name: QUESTIONS.where })).toBeVisible();

  // Each tab's resume is held until both are on their way, then both go to the server together.
  const held: (() => Promise<void>)[] = [];
  let bothHeld!: () => void;
  const bothOnTheirWay = new Promise<void>((resolve) => (bothHeld = resolve));
  const statuses: number[] = [];
  for (const tab of [page, other]) {
    await tab.route(`**${RUN_PATH}`, async (route) => {
      if (!isResume(route.request())) return route.fallback();
      held.push(() => route.continue());
      if (held.length === 2) bothHeld();
      await bothOnTheirWay;
    });
    tab.on('response', (response) => {
      if (isResume(response.request())) statuses.push(response.status());
    });
  }
  await page.getByRole('textbox', { name: QUESTIONS.where }).fill('Paris');
  await other.getByRole('textbox', { name: QUESTIONS.where }).fill('Madrid');
  await send(page, QUESTIONS.where).click();
  await send(other, QUESTIONS.where).click();
  await bothOnTheirWay;
  await Promise.all(held.map((release) => release()));

  const states = async () =>
    Promise.all([page, other].map((tab) => question(tab, QUESTIONS.where).getAttribute('data-state')));
  await expect.poll(states).toEqual(expect.arrayContaining(['answered', 'answered-elsewhere']));
  expect(statuses.sort()).toEqual([200, 409]);
  // The tab whose answer was taken gets the next question.
  const [first] = await states();
  const taken = first === 'answered' ? page : other;
  await expect(question(taken, QUESTIONS.how)).toHaveAttribute('data-state', 'ready');
  for (const tab of [page, other]) await expect(tab.getByText('Something went wrong')).toHaveCount(0);
});

test('a message whose run fails says so, and sending again works', async ({ page }) => {
  await openApp(page, STACK);
  let refused = 0;
  await page.route(`**${RUN_PATH}`, async (route) => {
    if (refused > 0) return route.fallback();
    refused += 1;
    await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable"}' });
  });
  await page.getByRole('button', { name: 'Plan a long weekend away' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(status(page)).toContainText('Something went wrong');

  await composer(page).fill('Plan a long weekend away');
  await composer(page).press('Enter');
  await expect(page.getByRole('textbox', { name: QUESTIONS.where })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a message sent before the runtime has said which agents it serves waits, then starts the run', async ({
  page,
}) => {
  const info = await holdInfo(page);
  await page.goto(STACK);
  await info.requested();
  await composer(page).fill('Plan a long weekend away');
  await composer(page).press('Enter');
  await expect(status(page)).not.toContainText('Ready');

  await info.release();
  await expect(page.getByRole('textbox', { name: QUESTIONS.where })).toBeVisible();
  await expect(page.locator('.transcript > li').first()).toContainText('Plan a long weekend away');
});

test('an answer given before the runtime has said which agents it serves waits, then resumes the run', async ({
  page,
}) => {
  await whereAnswered(page, 'Ghent');

  // After a reload the question comes back from the suspended runs while /info is held back: until
  // it answers, CopilotKit lends a stand-in agent, and an answer sent through it would go nowhere.
  const info = await holdInfo(page);
  await page.reload();
  const answers = watchResumes(page);
  const how = question(page, QUESTIONS.how);
  await expect(how).toHaveAttribute('data-state', 'ready');
  await info.requested();
  await how.getByText('Train', { exact: true }).click();
  await send(page, QUESTIONS.how).click();
  await expect(how).toHaveAttribute('data-state', 'submitting');
  expect(answers).toEqual([]);

  await info.release();
  await question(page, QUESTIONS.what).getByRole('checkbox', { name: 'Museums' }).check();
  await send(page, QUESTIONS.what).click();
  await expectPlanWith(page, 'Ghent', 'by train', 'museums');
  expect(answers).toEqual(['Train', ['Museums']]);
});
