import { CONTENT_TOOLS_MESSAGES, createRng, spin, toProtectedList, type SpinnerService } from '@linkloom/shared';
import { ContentServiceError } from '../content-services/content-service-error';
import type { ContentCallOptions } from '../content-services/content-http';
import { spinBuiltIn } from './built-in/built-in-spinner';
import { spinnerClient, spinnerLabel } from './registry';
import type { SpinnerSettings } from './spinner';

export interface SpinnableText {
  title: string;
  body: string;
}

/**
 * One readable variation of a title and body by the chosen service: the built-in spinner, or a
 * third-party one (its answer's spintax expanded, seeded), the protected words passed on. A
 * third-party service without credentials, or one that fails, throws a ContentServiceError.
 */
export async function spinWithService(
  service: SpinnerService, settings: SpinnerSettings, text: SpinnableText, protectedWords: string, seed: string, options?: ContentCallOptions,
): Promise<SpinnableText> {
  if (service === 'BuiltIn') return { title: spinBuiltIn(text.title, protectedWords, `${seed}/title`), body: spinBuiltIn(text.body, protectedWords, `${seed}/body`) };
  const client = spinnerClient(service);
  if (!client.hasCredentials(settings)) throw new ContentServiceError('auth', CONTENT_TOOLS_MESSAGES.noCredentials(spinnerLabel(service)));
  const words = toProtectedList(protectedWords);
  const title = text.title.trim() === '' ? text.title : await client.spin(text.title, words, settings, options);
  const body = await client.spin(text.body, words, settings, options);
  const rng = createRng(seed);
  return { title: spin(title, rng, { protectedWords: words }), body: spin(body, rng, { protectedWords: words }) };
}
