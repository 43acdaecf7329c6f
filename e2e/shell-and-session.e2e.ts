import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  FOOTER_TAGLINE,
  LOGIN_MESSAGES,
  MENU_ENTRIES,
  MOBILE_MAX_WIDTH,
  SCREEN_ROUTES,
  SETUP_MESSAGES,
} from '@linkloom/shared';
import { endSessionOnServer, signIn, storedName, submitLogin, visit, waitForRoute } from './support/app';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type RunningServer } from '../packages/server/test/support/server-process';

/**
 * The shell and the session, walked as a user on one real server with a fresh data directory.
 * The tests run in order: the first one creates the account the others sign in with.
 */
const OWNER = { username: 'owner@example.com', password: 'correct horse battery staple' };

let server: RunningServer;
let browser: Browser;

const titleOf = (path: string) => SCREEN_ROUTES.find((route) => route.path === path)?.title ?? path;

describe('shell and session', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('first run: / leads to the setup screen, which creates the account and signs in', async (ctx) => {
    const { page, pageErrors } = await openPage(browser, ctx);
    await visit(page, server.baseUrl, '/');
    await waitForRoute(page, '/user/setup');

    // Required means marked, and a field left empty says so in words at once (issue 11.5).
    await page.getByLabel('Email or username').waitFor();
    expect(await page.locator('.ant-form-item-required').count()).toBe(3);
    await page.getByLabel('Email or username').focus();
    await page.getByLabel('Password', { exact: true }).focus();
    await page.getByLabel('Confirm password').focus();
    await page.getByLabel('Email or username').focus();
    await page.getByText(LOGIN_MESSAGES.usernameRequired).waitFor();
    await page.getByText(LOGIN_MESSAGES.passwordRequired).waitFor();
    await page.getByText(SETUP_MESSAGES.confirmPasswordRequired).waitFor();
    expect(await page.getByText(/Invalid input|expected|received/).count()).toBe(0);

    await page.getByLabel('Email or username').fill(OWNER.username);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page.getByLabel('Confirm password').fill(`${OWNER.password}!`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(SETUP_MESSAGES.passwordsDiffer).waitFor();

    await page.getByLabel('Confirm password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForRoute(page, '/campaigns');
    await page.getByRole('heading', { name: titleOf('/campaigns') }).waitFor();
    expect(await storedName(page)).toBe(OWNER.username);

    // Setup is a one-time screen: once the account exists it leads to login.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout-item').click();
    await waitForRoute(page, '/user/login');
    await visit(page, server.baseUrl, '/user/setup');
    await waitForRoute(page, '/user/login');
    expect(pageErrors).toEqual([]);
  });

  test('login: required username, the server status on wrong credentials, then the campaigns', async (ctx) => {
    const { page, pageErrors } = await openPage(browser, ctx);
    await visit(page, server.baseUrl, '/');
    await waitForRoute(page, '/user/login');
    // The browser tab names the screen (issue 39 item 5).
    await expect.poll(() => page.title()).toBe('Sign in - LinkLoom');

    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText(LOGIN_MESSAGES.usernameRequired).waitFor();

    await submitLogin(page, OWNER.username, 'not the password');
    const status = page.getByTestId('auth-status');
    await status.waitFor();
    expect(await status.getAttribute('role')).toBe('alert');
    expect(await status.textContent()).toContain(LOGIN_MESSAGES.wrongCredentials);

    await submitLogin(page, OWNER.username, OWNER.password);
    await waitForRoute(page, '/campaigns');
    expect(await storedName(page)).toBe(OWNER.username);

    await page.getByRole('heading', { name: titleOf('/campaigns') }).waitFor();
    const menuItems = await page.getByTestId('side-menu').locator('li.ant-menu-item').allTextContents();
    expect(menuItems.map((text) => text.trim())).toEqual(MENU_ENTRIES.map((entry) => entry.label));
    await page.getByText(FOOTER_TAGLINE).waitFor();
    expect(await page.getByTestId('user-menu').textContent()).toContain(OWNER.username);

    // No latest version configured: the server filled the meta tags and no banner shows.
    const latest = await page.locator('meta[name="linkloom-latest-version"]').getAttribute('content');
    expect(latest).toBe('');
    expect(await page.getByTestId('update-banner').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  test('the side menu starts collapsed and keeps its state across reloads', async (ctx) => {
    const { page } = await openPage(browser, ctx);
    await signIn(page, server.baseUrl, OWNER.username, OWNER.password);
    const sider = page.getByTestId('sider');
    const trigger = page.getByTestId('menu-collapse-trigger');
    expect(await sider.getAttribute('data-collapsed')).toBe('true');

    await trigger.click();
    await page.locator('[data-testid="sider"][data-collapsed="false"]').waitFor();
    await page.reload();
    await page.locator('[data-testid="sider"][data-collapsed="false"]').waitFor();

    await trigger.click();
    await page.locator('[data-testid="sider"][data-collapsed="true"]').waitFor();
    await page.reload();
    await page.locator('[data-testid="sider"][data-collapsed="true"]').waitFor();
  });

  test('on a narrow screen the menu is a drawer opened from the header', async (ctx) => {
    const { page } = await openPage(browser, ctx);
    await page.setViewportSize({ width: MOBILE_MAX_WIDTH, height: 800 });
    await signIn(page, server.baseUrl, OWNER.username, OWNER.password);
    await page.getByRole('heading', { name: titleOf('/campaigns') }).waitFor();
    expect(await page.getByTestId('sider').count()).toBe(0);

    await page.getByTestId('menu-drawer-trigger').click();
    const drawerMenu = page.getByTestId('side-menu');
    await drawerMenu.getByRole('link', { name: 'Private Network' }).click();
    await waitForRoute(page, '/private-networks');
    await drawerMenu.waitFor({ state: 'hidden' });
  });

  test('a deep link while signed out returns to that route after login', async (ctx) => {
    const { page } = await openPage(browser, ctx);
    await visit(page, server.baseUrl, '/private-networks');
    await waitForRoute(page, '/user/login');
    await submitLogin(page, OWNER.username, OWNER.password);
    await waitForRoute(page, '/private-networks');
    await page.getByRole('heading', { name: titleOf('/private-networks') }).waitFor();
  });

  test('logout from the user menu returns to login and forgets the name', async (ctx) => {
    const { page } = await openPage(browser, ctx);
    await signIn(page, server.baseUrl, OWNER.username, OWNER.password);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout-item').click();
    await waitForRoute(page, '/user/login');
    expect(await storedName(page)).toBeNull();

    // Signed out for real: the console is not reachable without logging in again.
    await visit(page, server.baseUrl, '/campaigns');
    await waitForRoute(page, '/user/login');
  });

  test('a 401 sends the user to login and back to the route afterwards', async (ctx) => {
    const { page } = await openPage(browser, ctx);
    await signIn(page, server.baseUrl, OWNER.username, OWNER.password);
    await visit(page, server.baseUrl, '/site-selections');
    await page.getByRole('heading', { name: titleOf('/site-selections') }).waitFor();

    await endSessionOnServer(page, server.baseUrl);
    await page.reload();
    await waitForRoute(page, '/user/login');
    expect(await storedName(page)).toBeNull();

    await submitLogin(page, OWNER.username, OWNER.password);
    await waitForRoute(page, '/site-selections');
  });

  test('unknown routes show the not-found page; legacy old/ routes show their screen', async (ctx) => {
    const { page, pageErrors } = await openPage(browser, ctx);
    await signIn(page, server.baseUrl, OWNER.username, OWNER.password);
    await visit(page, server.baseUrl, '/no-such-screen');
    await page.getByTestId('not-found').waitFor();
    await page.getByRole('button', { name: 'Back Home' }).click();
    await waitForRoute(page, '/campaigns');

    await visit(page, server.baseUrl, '/old/xwizards');
    await page.getByRole('heading', { name: titleOf('/xwizards') }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('a user added with the CLI can sign in', async (ctx) => {
    const second = { username: 'second-user', password: 'another long password' };
    await server.addUser(second.username, second.password);
    const { page } = await openPage(browser, ctx);
    await signIn(page, server.baseUrl, second.username, second.password);
    await waitForRoute(page, '/campaigns');
    expect(await page.getByTestId('user-menu').textContent()).toContain(second.username);
  });
});
