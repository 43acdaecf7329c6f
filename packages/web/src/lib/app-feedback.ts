import type { App } from 'antd';
import { message as staticMessage, notification as staticNotification } from 'antd';

/** antd's context-aware message / notification / modal API (it follows the app's theme). */
export type AppFeedback = ReturnType<typeof App.useApp>;
type FeedbackApis = Pick<AppFeedback, 'message' | 'notification'>;

let current: AppFeedback | null = null;

/** Called by the provider component that captures `App.useApp()`; null on unmount. */
export function setAppFeedback(next: AppFeedback | null): void {
  current = next;
}

/**
 * message and notification for code outside React (the HTTP client). Before the provider has
 * mounted, antd's static functions stand in so an early failure is still shown.
 */
export function appFeedback(): FeedbackApis {
  return current ?? { message: staticMessage, notification: staticNotification };
}
