import { z } from 'zod';

/** GET /public/api/app-info: what the shell needs before sign-in. */
export const AppInfoSchema = z.object({
  version: z.string(),
  /** Newest released version from configuration; null when none is configured. */
  latestVersion: z.string().nullable(),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

/** GET /api/notification: the notification service's text for the user (HTML, sanitised by the page), or null. */
export const NotificationSchema = z.object({ html: z.string().nullable() });
export type Notification = z.infer<typeof NotificationSchema>;
