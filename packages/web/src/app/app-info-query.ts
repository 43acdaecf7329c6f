import { useQuery } from '@tanstack/react-query';
import { AppInfoSchema } from '@linkloom/shared';
import { get } from '@/lib/http';

/**
 * GET /public/api/app-info at boot. Besides the version it makes the server set the XSRF cookie
 * before the first call that needs it.
 */
export function useAppInfoQuery() {
  return useQuery({
    queryKey: ['public', 'app-info'],
    queryFn: () => get('/public/api/app-info', { schema: AppInfoSchema }),
    staleTime: Infinity,
  });
}
