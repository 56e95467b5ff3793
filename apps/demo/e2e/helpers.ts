import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const QUESTIONS = {
  where: 'Where would you like to go?',
  how: 'How will you travel?',
  what: 'What should the trip include?',
} as const;

// axe-core as @axe-core/playwright resolves it, so both run the same version.
const axeSource: string = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))(
  'axe-core',
).source;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type AxeWindow = Window & {
  axe?: { run(context: Document, options: { runOnly: object }): Promise<AxeResults> };
};

/**
 * axe's results for the page. AxeBuilder injects axe's 500 kB source into the page and again into a
 * blank page it opens for every check, several seconds each on a busy machine; a page without frames
 * gets axe once per document and runs it in place (the same rules, the same results).
 */
async function axeResults(page: Page): Promise<AxeResults> {
  // Colours still in a transition (a theme or a width just changed) are not the ones the user reads.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (page.frames().length > 1) return new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  if (!(await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function')))
    await page.evaluate(axeSource);
  return page.evaluate(
    (tags) => (window as AxeWindow).axe!.run(document, { runOnly: { type: 'tag', values: tags } }),
    WCAG_TAGS,
  );
}

/**
 * Accessibility check of one state of the app (axe, WCAG 2.1 A and AA); with SCREENSHOTS=1 also a
 * screenshot, kept in the test's output folder (test-results/…) and attached to the report.
 */
export async function checkpoint(page: Page, testInfo: TestInfo, state: string): Promise<void> {
  // A picture of each checked state when SCREENSHOTS=1 (a failure has its own screenshot and trace).
  if (process.env.SCREENSHOTS) {
    const path = testInfo.outputPath(`${state}.png`);
    await page.screenshot({ path, fullPage: true, animations: 'disabled' });
    await testInfo.attach(state, { path, contentType: 'image/png' });
  }
  const results = await axeResults(page);
  const violations = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(violations, `axe violations in state "${state}"`).toEqual([]);
}

export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
export const status = (page: Page) => page.getByRole('status').filter({ hasText: 'Status:' });
// A prompt's form is not a named landmark (a chat may ask the same question twice): find it by its question.
export const question = (page: Page, text: string) =>
  page
    .locator('form[data-scope="ask-user"]')
    .filter({ has: page.locator('[data-part="question"]', { hasText: text }) });
export const answerButton = (page: Page, text: string) =>
  question(page, text).getByRole('button', { name: /^Send answer/ });
export const finalReply = (page: Page) =>
  page.locator('.message--assistant').filter({ hasText: 'Here is your plan' });

/** Opens the app on a fresh conversation and waits until it is ready to type. */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(composer(page)).toBeVisible();
  await expect(status(page)).toContainText('Ready');
}

/** Goes to another page of the demo through the header's "Pages" disclosure. */
export async function openFromHeader(page: Page, title: string): Promise<void> {
  await page.getByRole('banner').getByText('Pages', { exact: true }).click();
  await page.getByRole('navigation', { name: 'Demo pages' }).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

/** Counts the page's resume requests (one per answer actually sent). */
export function countResumes(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/resume-stream'))
      counter.count++;
  });
  return counter;
}

export async function expectPlanWith(page: Page, ...parts: string[]): Promise<void> {
  const reply = finalReply(page);
  await expect(reply).toContainText('Have a wonderful trip!');
  for (const part of parts) await expect(reply).toContainText(part);
  await expect(status(page)).toContainText('Done');
}
