import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import {
  answerButton,
  checkpoint,
  composer,
  expectPlanWith,
  openApp,
  question,
  QUESTIONS,
  status,
} from './helpers.ts';

// Screenshots for the docs (docs/screenshots) when SCREENSHOTS=1; otherwise kept with the test's output.
const screenshots = (name: string, testInfo: TestInfo) =>
  process.env.SCREENSHOTS
    ? fileURLToPath(new URL(`../../../docs/screenshots/${name}`, import.meta.url))
    : testInfo.outputPath(name);

/** The two boxes share no pixel. */
async function expectApart(a: Locator, b: Locator) {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  expect(boxA && boxB).toBeTruthy();
  const overlapX = Math.min(boxA!.x + boxA!.width, boxB!.x + boxB!.width) - Math.max(boxA!.x, boxB!.x);
  const overlapY = Math.min(boxA!.y + boxA!.height, boxB!.y + boxB!.height) - Math.max(boxA!.y, boxB!.y);
  expect(overlapX <= 0 || overlapY <= 0, `overlap of ${overlapX} × ${overlapY} px`).toBe(true);
}

/** Entirely inside the window's height (nothing above it, nothing below it). */
async function expectInView(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  expect(box, 'on the page').toBeTruthy();
  expect(box!.y, 'not above the window').toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, 'not below the window').toBeLessThanOrEqual(height + 0.5);
}

/** Its top in the window, with some of it showing: a field taller than a zoomed window cannot fit whole. */
async function expectShown(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  expect(box, 'on the page').toBeTruthy();
  expect(box!.y, 'not above the window').toBeGreaterThanOrEqual(0);
  expect(box!.y + Math.min(box!.height, 16), 'showing in the window').toBeLessThanOrEqual(height);
}

const title = (page: Page) => page.getByRole('heading', { name: 'Trip planner' });

test.describe('320 px wide', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the status never covers the title, whatever it says', async ({ page }, testInfo) => {
    await openApp(page);
    await expectApart(status(page), title(page));
    await page.screenshot({ path: screenshots('demo-320px.png', testInfo), animations: 'disabled' });

    await composer(page).fill('Plan a trip');
    await composer(page).press('Enter');
    await expect(status(page)).toContainText('Waiting for you');
    await expectApart(status(page), title(page));

    // The longest words it has: the planner cannot be reached.
    await page.route('**/suspended-runs*', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: '{"error":"Bad gateway"}' }),
    );
    // A link to another conversation, read on opening (a new one the page makes has nothing to read).
    await page.goto(`/?thread=trip-${crypto.randomUUID()}`);
    await expect(status(page)).toContainText('Not connected');
    await expectApart(status(page), title(page));
    await expectApart(page.getByRole('button', { name: 'New conversation' }), title(page));
    await page.screenshot({
      path: screenshots('demo-320px-not-connected.png', testInfo),
      animations: 'disabled',
    });
    await checkpoint(page, testInfo, 'narrow-not-connected');
  });
});

// WCAG 1.4.10: a 1280 × 720 window at 200 % and 400 % zoom has 640 × 360 and 320 × 180 CSS pixels.
for (const zoom of [
  { percent: 200, viewport: { width: 640, height: 360 }, deviceScaleFactor: 2 },
  { percent: 400, viewport: { width: 320, height: 180 }, deviceScaleFactor: 4 },
]) {
  test.describe(`${zoom.percent} % zoom`, () => {
    test.use({ viewport: zoom.viewport, deviceScaleFactor: zoom.deviceScaleFactor });

    test('a new question shows its heading, with the focused control in view, and can be answered', async ({
      page,
    }, testInfo) => {
      await page.goto('/');
      await expect(composer(page)).toBeVisible();
      await expect(status(page)).toContainText('Ready');
      await composer(page).fill('Plan a trip');
      await composer(page).press('Enter');

      const where = page.getByRole('textbox', { name: QUESTIONS.where });
      await expect(where).toBeFocused();
      await expectInView(page, question(page, QUESTIONS.where).locator('[data-part="question"]'));
      await expectShown(page, where);
      await where.fill('Lisbon');
      await answerButton(page, QUESTIONS.where).click();

      const how = question(page, QUESTIONS.how);
      const heading = how.locator('[data-part="question"]');
      await expect(how.getByRole('radio').first()).toBeFocused();
      await expectInView(page, heading);
      await expectInView(page, page.locator(':focus'));
      if (zoom.percent === 400) {
        await page.screenshot({
          path: screenshots('demo-400-percent.png', testInfo),
          animations: 'disabled',
          scale: 'css',
        });
      }
      await checkpoint(page, testInfo, `zoom-${zoom.percent}-choice`);

      // Every control can be reached and used: nothing sticky covers them.
      await how.getByText('Car', { exact: true }).click();
      await answerButton(page, QUESTIONS.how).click();
      const what = question(page, QUESTIONS.what);
      await expectInView(page, what.locator('[data-part="question"]'));
      await what.getByText('Beaches', { exact: true }).click();
      await answerButton(page, QUESTIONS.what).click();
      await expectPlanWith(page, 'Lisbon', 'by car', 'beaches');
    });
  });
}

test.describe('short windows', () => {
  test.use({ viewport: { width: 640, height: 360 } });

  test('the header and the composer scroll with the page instead of holding its height', async ({ page }) => {
    await openApp(page);
    for (const part of ['.topbar', '.chat__dock']) {
      expect(await page.locator(part).evaluate((element) => getComputedStyle(element).position)).toBe(
        'static',
      );
    }
  });
});

test('tall windows keep the header and the composer in place', async ({ page }) => {
  await openApp(page);
  expect(await page.locator('.topbar').evaluate((element) => getComputedStyle(element).position)).toBe(
    'sticky',
  );
  expect(await page.locator('.chat__dock').evaluate((element) => getComputedStyle(element).position)).toBe(
    'sticky',
  );
});

test.describe('390 px wide, the planner', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header keeps its height whatever the status says', async ({ page }) => {
    const header = page.getByRole('banner');
    const height = async () => (await header.boundingBox())!.height;
    await openApp(page);
    const ready = await height();

    await composer(page).fill('Plan a trip');
    await composer(page).press('Enter');
    await expect(status(page)).toContainText('Waiting for you');
    expect(await height()).toBe(ready);

    await page.route('**/suspended-runs*', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: '{"error":"Bad gateway"}' }),
    );
    await page.goto(`/?thread=trip-${crypto.randomUUID()}`);
    await expect(status(page)).toContainText('Not connected');
    expect(await height()).toBe(ready);
  });
});

/** Every page, how a conversation starts there, and how it goes on to a request that waits. */
const EVERY_PAGE = [
  { name: 'planner', path: '/' },
  { name: 'concierge', path: '/?agent=concierge' },
  { name: 'ai-sdk', path: '/?stack=ai-sdk' },
  { name: 'mastra-react', path: '/?stack=mastra-react' },
  { name: 'assistant-ui', path: '/?stack=assistant-ui' },
  { name: 'copilotkit', path: '/?stack=copilotkit' },
] as const;

/** From the welcome to something waiting for the user, with something answered before it. */
async function converse(page: Page, name: (typeof EVERY_PAGE)[number]['name']) {
  const suggestions = page.getByRole('list', { name: 'Suggestions' }).getByRole('button');
  await suggestions.first().click();
  if (name === 'concierge') {
    const approval = page.locator('form[data-scope="ask-user"][data-kind="approval"]');
    await expect(approval).toHaveAttribute('data-state', 'ready');
    await approval.getByRole('button', { name: 'Approve' }).click();
    await expect(page.locator('form[data-scope="ask-user"][data-kind="form"]')).toHaveAttribute(
      'data-state',
      'ready',
    );
    return;
  }
  const where = page.getByRole('textbox', { name: QUESTIONS.where });
  await expect(where).toBeVisible();
  await where.fill('Lisbon');
  await question(page, QUESTIONS.where).getByRole('button', { name: /^Send/ }).click();
  await expect(question(page, QUESTIONS.how)).toHaveAttribute('data-state', 'ready');
}

/** The button's icons and words at least 8 px across that no clip-path hides. */
async function shownContent(button: Locator): Promise<string[]> {
  return button.evaluate((element) =>
    [element, ...element.querySelectorAll('*')]
      .filter((part) => {
        const box = part.getBoundingClientRect();
        const shown = box.width >= 8 && box.height >= 8 && getComputedStyle(part).clipPath === 'none';
        const content =
          part instanceof SVGSVGElement ||
          [...part.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim());
        return shown && content;
      })
      .map((part) => part.tagName),
  );
}

// One visit per page checks every width by resizing the window: the wide and the phone layouts,
// light and dark, on the welcome and with a conversation under way, each passing axe; and at 320
// and 390 px, the header's "New conversation" button, whose words may hide, still shows its icon.
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const NARROWEST = { width: 320, height: 640 };

for (const { name, path } of EVERY_PAGE) {
  test(`${name}: the welcome and a conversation under way pass axe at 1280 and 390 px, light and dark; "New conversation" shows at 320 px`, async ({
    page,
  }, testInfo) => {
    const newConversation = page.getByRole('button', { name: 'New conversation' });
    const check = async (state: string, viewport: typeof WIDE, scheme: 'light' | 'dark') => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await checkpoint(page, testInfo, `${name}-${viewport.width}-${state}-${scheme}`);
      // The docs' pictures only: 48 window shots would add about a minute to every run.
      if (!process.env.SCREENSHOTS) return;
      // The window as the user sees it (the header and composer are sticky).
      await page.screenshot({
        path: screenshots(`page-${name}-${viewport.width}-${state}-${scheme}.png`, testInfo),
        animations: 'disabled',
      });
    };
    const expectNewConversationShown = async () => {
      await expect(newConversation).toBeVisible();
      // Polled: a stack's page and its styles load on their own, after the first paint.
      await expect
        .poll(() => shownContent(newConversation), { message: 'visible content in the button' })
        .not.toEqual([]);
    };

    await page.setViewportSize(WIDE);
    await openApp(page, path);
    await expect(page.locator('.welcome')).toBeVisible();
    await check('welcome', WIDE, 'light');
    await check('welcome', WIDE, 'dark');
    await check('welcome', PHONE, 'dark');
    await check('welcome', PHONE, 'light');
    await expectNewConversationShown();
    await page.setViewportSize(NARROWEST);
    await expectNewConversationShown();
    await checkpoint(page, testInfo, `${name}-320-welcome-light`);

    // Answered on a phone, where the controls are tightest.
    await page.setViewportSize(PHONE);
    await converse(page, name);
    await expect(status(page)).toContainText('Waiting for you');
    await check('waiting', PHONE, 'light');
    await check('waiting', PHONE, 'dark');
    await check('waiting', WIDE, 'dark');
    await check('waiting', WIDE, 'light');
  });
}
