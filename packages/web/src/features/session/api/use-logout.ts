import { useCallback } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { LOGIN_MESSAGES, LOGIN_ROUTE } from '@linkloom/shared';
import { HttpError } from '@/lib/http-error';
import { clearStoredName, forgetReturnTo } from '@/lib/session-store';
import { logout } from './session-api';

/**
 * Logs out: asks the server to end the session, then always clears the stored name and shows the
 * login screen, even when the call failed (the user asked to leave).
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { message } = App.useApp();
  return useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      // 401: the session had already ended, which is what the user wants.
      if (!(error instanceof HttpError && error.status === 401)) void message.error(LOGIN_MESSAGES.logoutFailed);
    }
    // Leave the frame first, so the route guard does not remember this screen as a return target.
    await navigate(LOGIN_ROUTE, { replace: true });
    clearStoredName();
    forgetReturnTo();
  }, [message, navigate]);
}
