import { HttpError } from '../../platform/http/errors';
import { ContentServiceError, ContentWorkBusyError } from '../../engine/entry-points';

/**
 * A content service's failure as the HTTP answer the screens show (its message is the toast):
 * what the user must change (credentials, inputs, credits, a service without an API) 422; the
 * service not answering or down 502; the content threads too busy for one more large text 503.
 * Anything else is not ours to word: rethrown.
 */
export async function asHttpErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Too many large texts wait for the content threads already: try again shortly.
    if (error instanceof ContentWorkBusyError) throw new HttpError(503, error.message);
    if (!(error instanceof ContentServiceError)) throw error;
    const status = error.kind === 'timeout' || error.kind === 'network' || error.kind === 'unavailable' ? 502 : 422;
    throw new HttpError(status, error.message);
  }
}
