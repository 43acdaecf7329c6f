import { Alert } from 'antd';
import DOMPurify from 'dompurify';
import { useQuery } from '@tanstack/react-query';
import { NotificationSchema } from '@linkloom/shared';
import { get } from '@/lib/http';

/**
 * The notification service's text for the user as a banner on the campaign page (spec 1 section
 * 2): the server fetches it (off when no service is configured, failures only logged there); its
 * HTML is sanitised here before it is shown.
 */
export function NotificationBanner() {
  const notification = useQuery({
    queryKey: ['notification'],
    queryFn: ({ signal }) => get('/api/notification', { schema: NotificationSchema, signal, silent: true }),
    staleTime: 5 * 60_000, retry: false, refetchOnWindowFocus: false,
  });
  const html = notification.data?.html;
  if (!html) return null;
  return (
    <Alert
      type="info" showIcon closable style={{ marginBottom: 16 }} data-testid="notification-banner"
      title={<div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />}
    />
  );
}
