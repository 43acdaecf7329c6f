import { CONTENT_TOOLS_MESSAGES, toProtectedList, type SpinnerService } from '@linkloom/shared';
import { ContentServiceError } from '../content-services/content-service-error';
import type { ContentCallOptions } from '../content-services/content-http';
import { spinTexts } from '../content-work/content-work';
import { spinnerClient, spinnerLabel } from './registry';
import type { SpinnerSettings } from './spinner';

export interface SpinnableText {
  title: string;
  body: string;
}

/**
 * One readable variation of a title and body by the chosen service: the built-in spinner, or a
 * third-party one (its answer's spintax expanded, seeded), the protected words passed on; a large
 * text is spun on a content pool thread. A third-party service without credentials, or one that
 * fails, throws a ContentServiceError.
 */
export async function spinWithService(
  service: SpinnerService, settings: SpinnerSettings, text: SpinnableText, protectedWords: string, seed: string, options?: ContentCallOptions,
): Promise<SpinnableText> {
  if (service === 'BuiltIn') {
    const [title = '', body = ''] = (await spinTexts([
      { seed: `${seed}/title`, texts: [text.title], protectedWords, synonyms: true },
      { seed: `${seed}/body`, texts: [text.body], protectedWords, synonyms: true },
    ], options?.signal ? { signal: options.signal } : {})).flat();
    return { title, body };
  }
  const client = spinnerClient(service);
  if (!client.hasCredentials(settings)) throw new ContentServiceError('auth', CONTENT_TOOLS_MESSAGES.noCredentials(spinnerLabel(service)));
  const words = toProtectedList(protectedWords);
  const title = text.title.trim() === '' ? text.title : await client.spin(text.title, words, settings, options);
  const body = await client.spin(text.body, words, settings, options);
  // One generator for both, title first: the answer's spintax expanded as it always was for a seed.
  const [spunTitle = '', spunBody = ''] = (await spinTexts([{ seed, texts: [title, body], protectedWords: words, synonyms: false }], options?.signal ? { signal: options.signal } : {})).flat();
  return { title: spunTitle, body: spunBody };
}
