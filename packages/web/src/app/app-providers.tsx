import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { TOAST_SECONDS } from '@linkloom/shared';
import { setAppFeedback } from '@/lib/app-feedback';
import { getStoredName, subscribeStoredName } from '@/lib/session-store';
import { clearUserData } from './query-client';

/** Hands antd's context-aware message/notification API to code outside components (HTTP client). */
function FeedbackBridge() {
  const feedback = AntApp.useApp();
  useEffect(() => {
    setAppFeedback(feedback);
    return () => setAppFeedback(null);
  }, [feedback]);
  return null;
}

/** Theme, toasts and server-state cache around the whole app (the client is made at boot: main.tsx). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(
    () =>
      subscribeStoredName(() => {
        if (getStoredName() === null) clearUserData(queryClient);
      }),
    [queryClient],
  );

  return (
    <ConfigProvider theme={{ zeroRuntime: true }}>
      <AntApp message={{ duration: TOAST_SECONDS }} notification={{ placement: 'topRight' }}>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
