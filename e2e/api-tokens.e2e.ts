import { describe, expect, test } from 'vitest';
import { API_TOKEN_MESSAGES } from '@linkloom/shared';
import { clickSettled, confirmDelete, waitForRoute } from './support/app';
import { saveScreenshot } from './support/browser';
import { useSignedInSuite } from './support/suite';

/** The API tokens screen, walked as a user on one real server (SQLite); the token then used from Node. */
const USER = { username: 'tokens@example.com', password: 'api tokens e2e' };

describe('API tokens', () => {
  const suite = useSignedInSuite(USER);

  /** A call as a script makes it: the token alone, no cookie, no XSRF header. */
  const withToken = (secret: string, method: string, path: string, body?: unknown) => fetch(`${suite.server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${secret}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

  test('create a token from the user menu, read its secret once, use it from a script, revoke it and see it refused', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/campaigns');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('api-tokens-item').click();
    await waitForRoute(page, '/api-tokens');
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    await page.getByText(API_TOKEN_MESSAGES.empty).waitFor();

    await page.getByTestId('new-api-token').click();
    await clickSettled(page.getByTestId('new-token-dialog-ok'));
    await page.getByText(API_TOKEN_MESSAGES.nameRequired).waitFor();
    await page.getByTestId('new-token-dialog-name').fill('Nightly report');
    await clickSettled(page.getByTestId('new-token-dialog-ok'));

    const dialog = page.getByTestId('token-secret-dialog');
    await dialog.getByText(API_TOKEN_MESSAGES.shownOnce).waitFor();
    await page.getByText(API_TOKEN_MESSAGES.created).waitFor();
    const secret = (await page.getByTestId('token-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^ll_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('token-secret-copy').waitFor();
    // Both dialogs still move (one closing, one opening): the picture waits until they stand still.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await saveScreenshot(page, 'api-tokens-secret-shown-once');
    await clickSettled(page.getByTestId('token-secret-done'));
    await dialog.waitFor({ state: 'detached' });

    // The list shows the name and the first characters, never the secret.
    const row = page.getByTestId('api-tokens-table').locator('tbody tr', { hasText: 'Nightly report' });
    await row.getByText(`${secret.slice(0, 8)}…`).waitFor();
    await row.getByText('Never').waitFor();
    expect(await page.content()).not.toContain(secret.slice(8));

    // A script with the token: reads and writes as the user, without cookie or XSRF header.
    const session = await withToken(secret, 'GET', '/api/session');
    expect(session.status).toBe(200);
    expect(((await session.json()) as { username: string }).username).toBe(USER.username);
    const created = await withToken(secret, 'PUT', '/rest/campaigns', { name: 'Made by a script' });
    expect(created.status).toBe(200);
    await page.reload();
    await row.getByText('Never').waitFor({ state: 'detached' });
    await saveScreenshot(page, 'api-tokens-list');

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText(API_TOKEN_MESSAGES.confirmRevoke).waitFor();
    await confirmDelete(page);
    await page.getByText(API_TOKEN_MESSAGES.revoked).waitFor();
    await page.getByText(API_TOKEN_MESSAGES.empty).waitFor();

    const refused = await withToken(secret, 'GET', '/rest/campaigns');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: { message: API_TOKEN_MESSAGES.invalid } });
    expect(pageErrors).toEqual([]);
  });
});
