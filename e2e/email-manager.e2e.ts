import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { EMAIL_LINE_MESSAGES, EMAIL_MESSAGES } from '@linkloom/shared';
import { clickSettled, confirmDelete } from './support/app';
import { saveScreenshot } from './support/browser';
import { useSignedInSuite } from './support/suite';
import { chooseOption } from './support/select';
import { dovecotAvailability, startDovecotPeer, type DovecotPeer } from '../packages/server/test/support/dovecot-peers';

/** The email manager (/email-manager), walked as a user on one real server with a real Dovecot behind Test. */
const USER = { username: 'mail@example.com', password: 'email manager e2e' };
const ready = await dovecotAvailability();

const addresses = (page: Page) => page.getByTestId('emails-table').locator('tbody tr[data-row-key]').evaluateAll(
  (rows) => rows.map((row) => row.getAttribute('data-row-key')),
);

async function filterColumn(page: Page, column: string, key: string, text: string): Promise<void> {
  await page.getByTestId('emails-table').locator('th', { hasText: column }).first().locator('.ant-table-filter-trigger').click();
  await page.getByTestId(`filter-${key}`).fill(text);
  await page.getByTestId(`filter-${key}-search`).click();
}

describe.skipIf(!ready.available)('email manager', () => {
  const suite = useSignedInSuite(USER);
  let peer: DovecotPeer;
  beforeAll(async () => {
    peer = await startDovecotPeer({ alice: 'alice mail pw', bob: 'bob mail pw' });
  });
  afterAll(async () => {
    await peer?.stop();
  });

  test('add with Test (real IMAP login, spam folder found; wrong password said), import, filter, delete', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/email-manager');
    const other = await suite.signedInPage(ctx, '/email-manager');
    await page.getByRole('heading', { name: 'Email Manager' }).waitFor();

    // Add Email: the spec's rules and defaults (port 995, SSL on, POP3, spam check off).
    await page.getByTestId('add-email').click();
    await clickSettled(page.getByTestId('add-email-save'));
    await page.getByText(EMAIL_MESSAGES.addressRequired).waitFor();
    expect(await page.getByTestId('add-email-port').inputValue()).toBe('995');
    expect(await page.getByTestId('add-email-ssl').isChecked()).toBe(true);
    await page.getByTestId('add-email-address').fill('Alice@Localhost');
    await page.getByTestId('add-email-login').fill('alice');
    await page.getByTestId('add-email-password').fill('wrong password');
    await page.getByTestId('add-email-server').fill('127.0.0.1');
    await chooseOption(page, 'add-email-protocol', 'IMAP');
    // The standard port follows the protocol; then the peer's own IMAPS port is typed in.
    expect(await page.getByTestId('add-email-port').inputValue()).toBe('993');
    await page.getByTestId('add-email-port').fill(String(peer.imaps));
    await page.getByTestId('add-email-check-spam').check();
    await page.getByTestId('add-email-test').click();
    await page.getByText(EMAIL_MESSAGES.spamFolderRequired).waitFor();
    await page.getByTestId('add-email-spam-folder').fill('Spam');

    // Untrusted certificate first: refused with what to do.
    await page.getByTestId('add-email-test').click();
    await page.getByText('tick "Allow self-signed certificate" only if you trust this server', { exact: false }).first().waitFor();
    await page.getByTestId('add-email-self-signed').check();
    await page.getByTestId('add-email-test').click();
    await page.getByText('The mail server refused the login of alice: check the email login and password').first().waitFor();
    await page.getByTestId('add-email-password').fill('alice mail pw');
    await page.getByTestId('add-email-test').click();
    // No folder is named Spam: the special-use Junk folder is the one found.
    await page.getByText(`${EMAIL_MESSAGES.testSucceeded} (spam folder: Junk)`).waitFor();
    await clickSettled(page.getByTestId('add-email-save'));
    await page.getByText(EMAIL_MESSAGES.added).waitFor();
    await expect.poll(() => addresses(page)).toEqual(['alice@localhost']);
    await expect.poll(() => addresses(other.page)).toEqual(['alice@localhost']);

    // Import emails: two files at once, one line refused with its reason.
    await page.getByTestId('import-emails').click();
    await page.locator('[data-testid="import-emails-file-input"] input[type=file], input[type=file][data-testid="import-emails-file-input"]').setInputFiles([
      { name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.from(`bob@localhost:bob:bob mail pw:127.0.0.1:${peer.pop3}:POP3:false\nnot a mailbox\n`) },
      { name: 'two.txt', mimeType: 'text/plain', buffer: Buffer.from('carol@example.org:carol:pw:imap.example.org:143:IMAP:starttls\n') },
    ]);
    // The refused line is shown with the name of its file (each file's problems in a toast of their own).
    // The toast reads 'one.txt:' then 'Line 2: …' on the next line (whitespace is normalised in matching).
    await page.getByText(`one.txt: Line 2: ${EMAIL_LINE_MESSAGES.fieldCount}`).waitFor();
    await clickSettled(page.getByTestId('import-emails-dialog-done'));
    // Each file is its own upload, sent at once: which of the two lands first is not fixed.
    const sorted = async (p: Page) => (await addresses(p)).sort();
    await expect.poll(() => sorted(page)).toEqual(['alice@localhost', 'bob@localhost', 'carol@example.org']);
    await expect.poll(() => sorted(other.page)).toEqual(['alice@localhost', 'bob@localhost', 'carol@example.org']);

    // Test login of the selected imported mailbox (plain POP3 on the peer).
    await page.locator('tr[data-row-key="bob@localhost"] input[type=checkbox]').check();
    await page.getByTestId('test-email').click();
    await page.getByText(EMAIL_MESSAGES.testSucceeded, { exact: true }).waitFor();
    await page.locator('tr[data-row-key="bob@localhost"] input[type=checkbox]').uncheck();

    // Text filters, then back to all.
    await filterColumn(page, 'Email Server', 'server', 'example.org');
    await expect.poll(() => addresses(page)).toEqual(['carol@example.org']);
    await filterColumn(page, 'Email Server', 'server', '');
    await filterColumn(page, 'Protocol', 'protocol', 'pop');
    await expect.poll(() => addresses(page)).toEqual(['bob@localhost']);
    await filterColumn(page, 'Protocol', 'protocol', '');
    await expect.poll(() => addresses(page)).toHaveLength(3);
    await saveScreenshot(page, 'email-manager');

    // Delete the selected ones, with the spec's question.
    await page.locator('tr[data-row-key="carol@example.org"] input[type=checkbox]').check();
    await page.locator('tr[data-row-key="bob@localhost"] input[type=checkbox]').check();
    await page.getByTestId('delete-emails').click();
    await page.getByText(EMAIL_MESSAGES.deleteConfirm).waitFor();
    await confirmDelete(page);
    await page.getByText(EMAIL_MESSAGES.deleted).waitFor();
    await expect.poll(() => addresses(page)).toEqual(['alice@localhost']);
    await expect.poll(() => addresses(other.page)).toEqual(['alice@localhost']);
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });
});
