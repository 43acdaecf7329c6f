import { useEffect, useState } from 'react';
import { Alert, App, Flex } from 'antd';
import {
  CAPTCHA_WARNING_MS, GOOGLE_CAPTCHA_DISCOURAGED, RECOMMENDED_CAPTCHA, captchaWarning,
} from '@linkloom/shared';
import { useCaptchaChecks } from '../api/captcha-checks-api';

/**
 * Opening a campaign runs the image and the Google captcha checks and shows the spec's messages
 * for 10 s when the matching captcha use is on (spec 3 section 8), plus two banners: a red closable
 * one when the primary Google provider is one the product advises against, a promotional one when
 * the primary captcha provider is TwoCaptcha.
 */
export function CaptchaWarnings({ campaignId }: { campaignId: number }) {
  const { message } = App.useApp();
  const { image, google } = useCaptchaChecks(campaignId);
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    if (!image) return;
    const shown = captchaWarning({ error: image.error, use: image.useCaptcha, balance: image.balance }, false);
    if (shown) void message.open({ type: shown.level, content: shown.text, duration: CAPTCHA_WARNING_MS / 1000 });
  }, [image, message]);
  useEffect(() => {
    if (!google) return;
    const shown = captchaWarning({ error: google.error, use: google.useGoogleCaptcha, balance: google.balance }, true);
    if (shown) void message.open({ type: shown.level, content: shown.text, duration: CAPTCHA_WARNING_MS / 1000 });
  }, [google, message]);

  const discouraged = google?.useGoogleCaptcha === true && GOOGLE_CAPTCHA_DISCOURAGED.includes(google.provider) && !closed;
  const twoCaptcha = image?.useCaptcha === true && image.provider === 'TwoCaptcha';
  if (!discouraged && !twoCaptcha) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      {discouraged && (
        <Alert
          type="error" showIcon closable onClose={() => setClosed(true)} data-testid="google-captcha-banner"
          title={`${google.provider} solves Google captchas poorly: we advise ${RECOMMENDED_CAPTCHA} for Google Captcha (Options, Google Captcha).`}
        />
      )}
      {twoCaptcha && (
        <Alert
          type="info" showIcon data-testid="two-captcha-banner"
          title={`${RECOMMENDED_CAPTCHA} is cheaper and more accurate than TwoCaptcha: switch in Options, Captcha.`}
        />
      )}
    </Flex>
  );
}
