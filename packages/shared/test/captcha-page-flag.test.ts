import { describe, expect, it } from 'vitest';
import { CAPTCHA_SELECTABLE, GOOGLE_CAPTCHA_SELECTABLE, selectableCaptchaProviders } from '../src/index';

describe('the captcha selectors under the RemoteOCR page flag (spec 3 section 6)', () => {
  it('offer RemoteOCR when the flag is off, in the spec order', () => {
    expect(selectableCaptchaProviders(CAPTCHA_SELECTABLE, false)).toEqual(['ZeroCaptcha', 'TwoCaptcha', 'DeathByCaptcha', 'ImageTypers', 'AntiCaptcha', 'RemoteOCR']);
    expect(selectableCaptchaProviders(GOOGLE_CAPTCHA_SELECTABLE, false, 'TwoCaptcha')).toContain('RemoteOCR');
  });

  it('hide RemoteOCR when the flag is set, and nothing else', () => {
    expect(selectableCaptchaProviders(CAPTCHA_SELECTABLE, true)).toEqual(['ZeroCaptcha', 'TwoCaptcha', 'DeathByCaptcha', 'ImageTypers', 'AntiCaptcha']);
    expect(selectableCaptchaProviders(GOOGLE_CAPTCHA_SELECTABLE, true, 'ZeroCaptcha')).not.toContain('RemoteOCR');
  });

  it('keep RemoteOCR in a column that already has it saved, so the select shows what is stored', () => {
    expect(selectableCaptchaProviders(CAPTCHA_SELECTABLE, true, 'RemoteOCR')).toContain('RemoteOCR');
  });
});
