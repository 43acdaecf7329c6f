import { useQuery } from '@tanstack/react-query';
import { PrimaryCaptchaBalanceSchema, PrimaryGoogleCaptchaBalanceSchema } from '@linkloom/shared';
import { get } from '@/lib/http';

/**
 * The campaign page's two captcha checks (spec 3 section 2): once per opening of the page, never
 * refetched meanwhile; a failed call is only logged (silent), the page works without it.
 */
export function useCaptchaChecks(campaignId: number) {
  const options = { staleTime: Infinity, gcTime: 0, retry: false, refetchOnWindowFocus: false } as const;
  const image = useQuery({
    queryKey: ['captcha-check', 'image', campaignId],
    queryFn: ({ signal }) => get('/action/check_balance/primary_captcha', { schema: PrimaryCaptchaBalanceSchema, signal, silent: true }),
    ...options,
  });
  const google = useQuery({
    queryKey: ['captcha-check', 'google', campaignId],
    queryFn: ({ signal }) => get('/action/check_balance/primary_google_captcha', { schema: PrimaryGoogleCaptchaBalanceSchema, signal, silent: true }),
    ...options,
  });
  return { image: image.data, google: google.data };
}
