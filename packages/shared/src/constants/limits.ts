/** Business constants shared by the server and the web app (spec documents, section 9). */
export const PAGE_SIZE = 100;
export const NAME_TRUNCATE_LENGTH = 120;
export const SIDEBAR_WIDTH = 256;
/** Below this width (px) the side menu becomes a drawer: the spec's 575 px breakpoint. */
export const MOBILE_MAX_WIDTH = 575;
export const HEADER_RESIZE_DEBOUNCE_MS = 600;
export const ACTION_DELAY_MS = 1000;
export const TOAST_SECONDS = 4;
export const ERROR_TOAST_SECONDS = 5;
export const CAPTCHA_TOAST_SECONDS = 10;
export const LOGIN_CAPTCHA_TIMEOUT_MS = 60_000;

/** Password rules for accounts created on this server (setup screen and CLI). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const USERNAME_MAX_LENGTH = 254;

/**
 * Local storage keys: the only identity data the browser keeps (spec section 3), plus where each
 * list table's rows sat on screen (no data of the user's: web components/table-layout-memory.ts).
 */
export const STORAGE_KEYS = {
  userName: 'linkloom.currentUser',
  menuCollapsed: 'linkloom.menuCollapsed',
  returnTo: 'linkloom.returnTo',
  tableLayouts: 'linkloom.tableLayouts',
} as const;

/** Cookie and header names of the session and the double-submit CSRF token. */
export const SESSION_COOKIE = 'linkloom_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** Path of the live channel (Socket.IO). */
export const LIVE_PATH = '/eventbus';
