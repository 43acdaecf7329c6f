import type { Locator, Page } from 'playwright-core';
import { isStrategyPreviewPath, STORAGE_KEYS, XSRF_COOKIE, XSRF_HEADER } from '@linkloom/shared';

const ROUTE_TIMEOUT_MS = 15_000;

/** The in-app route of a URL: `/campaigns` for `http://host/#/campaigns`. */
export function routeOf(url: string): string {
  return new URL(url).hash.replace(/^#/, '') || '/';
}

/** Waits until the app shows `route` (hash routing). */
export async function waitForRoute(page: Page, route: string): Promise<void> {
  await page.waitForURL((url) => routeOf(url.toString()) === route, { timeout: ROUTE_TIMEOUT_MS });
}

/** Opens an in-app route from scratch (a full page load). */
export async function visit(page: Page, baseUrl: string, route: string): Promise<void> {
  await page.goto(`${baseUrl}/#${route}`);
}

/** The user name the app keeps in localStorage (null when signed out). */
export function storedName(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.userName);
}

/** Fills and sends the login form; the page must show the login screen (or be about to). */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await waitForRoute(page, '/user/login');
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the login screen and waits for the app to leave it. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  if (routeOf(page.url()) !== '/user/login') await visit(page, baseUrl, '/user/login');
  await submitLogin(page, username, password);
  await page.waitForURL((url) => routeOf(url.toString()) !== '/user/login', { timeout: ROUTE_TIMEOUT_MS });
}

/** Ends the server session behind the page's cookies, as an expiry would (the page is not told). */
export async function endSessionOnServer(page: Page, baseUrl: string): Promise<void> {
  const cookies = await page.context().cookies(baseUrl);
  const token = cookies.find((cookie) => cookie.name === XSRF_COOKIE)?.value;
  if (!token) throw new Error(`No ${XSRF_COOKIE} cookie to send with GET /api/logout`);
  const response = await page.request.get(`${baseUrl}/api/logout`, { headers: { [XSRF_HEADER]: token } });
  if (!response.ok()) throw new Error(`GET /api/logout answered ${response.status()}: ${await response.text()}`);
}

/** A call of the signed-in page's session to the server's API (what a screen elsewhere would have done); its JSON answer. */
export async function callAs(page: Page, baseUrl: string, method: 'PUT' | 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
  const cookies = await page.context().cookies(baseUrl);
  const token = cookies.find((cookie) => cookie.name === XSRF_COOKIE)?.value ?? '';
  const response = await page.request.fetch(`${baseUrl}${path}`, { method, headers: { [XSRF_HEADER]: token }, data: body });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

/**
 * Confirms the open delete dialog. Its OK button is clicked only once the dialog's opening
 * animation has finished: a click while antd's zoom motion runs can be lost, leaving the dialog
 * open. Then waits for the dialog to close.
 */
export async function confirmDelete(page: Page): Promise<void> {
  const ok = page.getByTestId('confirm-delete-ok');
  await clickSettled(ok);
  await ok.waitFor({ state: 'detached' });
}

/**
 * Closes the open error list (the Error dialog listing problems line by line) as confirmDelete
 * closes its dialog, and waits until it has left the page: a list opened right after (another
 * upload) is then the only one, not one beside the old list still fading out.
 */
export async function closeErrorList(page: Page): Promise<void> {
  const ok = page.getByTestId('error-list-ok');
  await clickSettled(ok);
  await ok.waitFor({ state: 'detached' });
}

/**
 * Waits until the dialog holding `control` (or the control itself, outside a dialog) has stopped
 * moving. antd's zoom-in motion holds the dialog at its final place for its first frames (the
 * "prepare" and "start" steps, invisible) and then jumps to a fifth of its size: Playwright's
 * stability check can pass in those frames and press the mouse on the control, and the release
 * then lands beside it, so the click is lost without an error (a checkbox left unticked). Hence
 * both checks: no motion class on the dialog and no finite animation in it.
 */
export async function waitSettled(control: Locator): Promise<void> {
  await control.waitFor();
  await control.evaluate((element) => new Promise<void>((resolve) => {
    // A modal's or a drawer's panel: both open with a motion a click can miss.
    const dialog = element.closest('.ant-modal, .ant-drawer-content-wrapper') ?? element;
    const check = () => {
      const inMotion = /-(appear|enter)\b/.test(dialog.className);
      // A spinner's endless animation never settles: it is not a motion the click could miss.
      const moving = dialog.getAnimations({ subtree: true }).filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
      if (!inMotion && moving.length === 0) resolve();
      else requestAnimationFrame(check);
    };
    check();
  }));
}

/**
 * Clicks a control of a dialog once the dialog has stopped moving ({@link waitSettled}). A busy
 * button is disabled, so the click itself then waits until it is enabled.
 */
export async function clickSettled(button: Locator): Promise<void> {
  await waitSettled(button);
  await button.click();
}

/** A strategy's preview picture: from the address the server gave it, and really shown (loaded, not broken). */
export async function expectStrategyPreview(image: Locator): Promise<void> {
  const src = await image.getAttribute('src');
  if (src === null || !isStrategyPreviewPath(src)) throw new Error(`not a strategy preview's address: ${src}`);
  const deadline = Date.now() + 10_000;
  while (!(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))) {
    if (Date.now() > deadline) throw new Error(`the preview ${src} did not load`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
