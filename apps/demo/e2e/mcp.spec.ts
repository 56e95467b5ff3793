import { expect, test, type Page } from '@playwright/test';
import { checkpoint, composer, countResumes, openApp, status } from './helpers.ts';

const DEPOSIT_URL = 'https://payments.example.com/deposit/42';
const REQUESTER = 'Asked by the MCP server “bookings”';

const request = (page: Page, name: string) => page.getByRole('form', { name });
const lastReply = (page: Page) => page.locator('.message--assistant').last();

test('the booking page: an MCP form refused, then filled and sent; a payment page opened only on a click', async ({
  page,
  context,
}, testInfo) => {
  const resumes = countResumes(page);
  // The payment page, served here: the test opens nothing outside.
  await context.route(`${DEPOSIT_URL}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Deposit</title><h1>Deposit</h1>' }),
  );
  await openApp(page, '/?page=mcp');

  // Form mode: the server's form, the server named; an invalid answer is refused with no request.
  await composer(page).fill('Book a table at Chez Nous');
  await composer(page).press('Enter');
  const form = request(page, 'Booking details for Chez Nous');
  await expect(form).toHaveAttribute('data-state', 'ready');
  await expect(form).toContainText(REQUESTER);
  await checkpoint(page, testInfo, 'mcp-form');
  await form.getByRole('textbox', { name: 'Name' }).fill('Ada');
  await form.getByRole('textbox', { name: 'E-mail' }).fill('not an address');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
  expect(resumes.count).toBe(0);
  await form.getByRole('textbox', { name: 'E-mail' }).fill('ada@example.com');
  await form.getByLabel('Date').fill('2026-12-24');
  await form.getByRole('spinbutton', { name: /Guests/ }).fill('4');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(lastReply(page)).toContainText('Booked Chez Nous for 4 on 2026-12-24 (Ada).');
  await expect(form).toHaveAttribute('data-state', 'answered');
  expect(resumes.count).toBe(1);

  // URL mode: the address and a link, never a form; the page opens on the click, which accepts.
  await composer(page).fill('Pay the deposit');
  // Once the last reply has ended: Enter sends nothing before.
  await expect(
    page.getByRole('form', { name: /^Message/ }).getByRole('button', { name: 'Send' }),
  ).toBeEnabled();
  await composer(page).press('Enter');
  const deposit = request(page, 'Pay the deposit for booking B-42');
  await expect(deposit).toHaveAttribute('data-state', 'ready');
  await expect(deposit).toContainText(REQUESTER);
  await expect(deposit).toContainText(DEPOSIT_URL);
  await expect(deposit.locator('input, select, textarea')).toHaveCount(0);
  expect(context.pages()).toHaveLength(1);
  await checkpoint(page, testInfo, 'mcp-url');
  const opened = context.waitForEvent('page');
  await deposit.getByRole('link', { name: 'Open payments.example.com' }).click();
  const paymentPage = await opened;
  await expect(paymentPage).toHaveURL(DEPOSIT_URL);
  await paymentPage.close();
  await expect(lastReply(page)).toContainText('The payment page for booking B-42 was opened.');
  await expect(status(page)).toContainText('Done');
});
