import { writeFileSync } from 'node:fs';
import { expect, test as base } from '@playwright/test';
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
import { CONTROLLED_APP_PORT, CONTROLLED_SERVER_PORT, url } from './ports.ts';
import { ServerProcess } from './serverProcess.ts';

// These tests share one port for a server they stop and start: one at a time, in order.
base.describe.configure({ mode: 'default' });

const test = base.extend<{ server: ServerProcess }, { controlledServer: ServerProcess }>({
  baseURL: url(CONTROLLED_APP_PORT),
  // Started once for the file; each test starts it again only if the one before left it stopped.
  controlledServer: [
    async ({}, use) => {
      const server = new ServerProcess(CONTROLLED_SERVER_PORT);
      await use(server);
      await server.dispose();
    },
    { scope: 'worker' },
  ],
  server: async ({ controlledServer: server }, use, testInfo) => {
    const logStart = server.log.length;
    if (!server.running) await server.start();
    await use(server);
    writeFileSync(testInfo.outputPath('server.log'), server.log.slice(logStart));
  },
});

test('a server restart while a question is open: the question comes back and the run completes', async ({
  page,
  server,
}, testInfo) => {
  await openApp(page);
  await composer(page).fill('Plan a long weekend away');
  await composer(page).press('Enter');
  await page.getByRole('textbox', { name: QUESTIONS.where }).fill('Vienna');
  await answerButton(page, QUESTIONS.where).click();
  await expect(question(page, QUESTIONS.how)).toBeVisible();

  await server.stop();
  await server.start();
  await page.reload();

  const how = question(page, QUESTIONS.how);
  await expect(how).toBeVisible();
  await expect(status(page)).toContainText('Waiting for you');
  await checkpoint(page, testInfo, 'restored-after-server-restart');
  await how.getByText('Train', { exact: true }).click();
  await answerButton(page, QUESTIONS.how).click();
  const what = question(page, QUESTIONS.what);
  await what.getByText('Food tours', { exact: true }).click();
  await answerButton(page, QUESTIONS.what).click();
  await expectPlanWith(page, 'Vienna', 'by train', 'food tours');
});

test('the server goes away before the last answer: a clear error, the choices kept, Retry completes the run', async ({
  page,
  server,
}, testInfo) => {
  await openApp(page);
  await composer(page).fill('Plan a summer holiday');
  await composer(page).press('Enter');
  await page.getByRole('textbox', { name: QUESTIONS.where }).fill('Reykjavik');
  await answerButton(page, QUESTIONS.where).click();
  await question(page, QUESTIONS.how).getByText('Plane', { exact: true }).click();
  await answerButton(page, QUESTIONS.how).click();
  const what = question(page, QUESTIONS.what);
  await expect(what).toBeVisible();

  await server.stop();
  await what.getByText('Hiking', { exact: true }).click();
  await what.getByText('Beaches', { exact: true }).click();
  await answerButton(page, QUESTIONS.what).click();

  // Said once, by the question, with its one way to send again; the raw text folded away.
  const failure = what.locator('[data-part="error"]');
  await expect(failure).toHaveText(/could not be reached\. It is kept here/);
  await expect(page.getByRole('alert').filter({ hasText: 'not reachable' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Retry|again/ })).toHaveCount(1);
  await expect(status(page)).toContainText('Not connected');
  await expect(what.getByRole('checkbox', { name: 'Hiking' })).toBeChecked();
  await expect(what.getByRole('checkbox', { name: 'Beaches' })).toBeChecked();
  await checkpoint(page, testInfo, 'server-unreachable');

  await server.start();
  await answerButton(page, QUESTIONS.what).click();
  await expectPlanWith(page, 'Reykjavik', 'by plane', 'hiking, beaches');
  await expect(failure).toHaveCount(0);
});

test('the server goes away before a typed answer: the text kept, Retry sends it and the run goes on', async ({
  page,
  server,
}, testInfo) => {
  await openApp(page);
  await composer(page).fill('Plan a summer holiday');
  await composer(page).press('Enter');
  const where = page.getByRole('textbox', { name: QUESTIONS.where });
  await expect(where).toBeVisible();

  await server.stop();
  await where.fill('Reykjavik');
  await answerButton(page, QUESTIONS.where).click();

  const failure = question(page, QUESTIONS.where).locator('[data-part="error"]');
  await expect(failure).toHaveText(/could not be reached/);
  await expect(where).toHaveValue('Reykjavik');
  await checkpoint(page, testInfo, 'server-unreachable-typed');

  await server.start();
  await answerButton(page, QUESTIONS.where).click();
  await expect(failure).toHaveCount(0);
  const how = question(page, QUESTIONS.how);
  await expect(how).toBeVisible({ timeout: 10_000 });
  await how.getByText('Plane', { exact: true }).click();
  await answerButton(page, QUESTIONS.how).click();
  const what = question(page, QUESTIONS.what);
  await what.getByText('Beaches', { exact: true }).click();
  await answerButton(page, QUESTIONS.what).click();
  await expectPlanWith(page, 'Reykjavik', 'by plane', 'beaches');
});

test('the server is down when the conversation starts: a clear error, the message kept, Retry sends it', async ({
  page,
  server,
}) => {
  await openApp(page);
  await server.stop();
  await composer(page).fill('Plan a trip to the coast');
  await composer(page).press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: 'not reachable' });
  await expect(alert).toBeVisible();

  await server.start();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('textbox', { name: QUESTIONS.where })).toBeVisible();
  await expect(page.locator('.message--user')).toHaveCount(1);
});

test('a reload while the server is down: a clear error, and Retry brings the question back', async ({
  page,
  server,
}, testInfo) => {
  await openApp(page);
  await composer(page).fill('Plan a long weekend away');
  await composer(page).press('Enter');
  await page.getByRole('textbox', { name: QUESTIONS.where }).fill('Ghent');
  await answerButton(page, QUESTIONS.where).click();
  await expect(question(page, QUESTIONS.how)).toBeVisible();

  await server.stop();
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: 'Could not check for open questions' });
  await expect(alert).toBeVisible();
  await expect(status(page)).toContainText('Not connected');
  await checkpoint(page, testInfo, 'restore-failed');

  await server.start();
  await alert.getByRole('button', { name: 'Retry' }).click();
  const how = question(page, QUESTIONS.how);
  await expect(how).toBeVisible();
  await expect(alert).toHaveCount(0);
  await how.getByText('Car', { exact: true }).click();
  await answerButton(page, QUESTIONS.how).click();
  await question(page, QUESTIONS.what).getByText('Hiking', { exact: true }).click();
  await answerButton(page, QUESTIONS.what).click();
  await expectPlanWith(page, 'Ghent', 'by car', 'hiking');
});
