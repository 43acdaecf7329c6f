import { HttpError } from '../../platform/http/errors';
import { ContentServiceError } from '../../engine/entry-points';

/**
 * A content service's failure as the HTTP answer the screens show (its message is the toast):
 * what the user must change (credentials, inputs, credits, a service without an API) 422; the
 * service not answering or down 502. Anything else is not ours to word: rethrown.
 */
export async function asHttpErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ContentServiceError)) throw error;
    const status = error.kind === 'timeout' || error.kind === 'network' || error.kind === 'unavailable' ? 502 : 422;
    throw new HttpError(status, error.message);
  }
}
