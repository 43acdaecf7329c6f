import { PublishError } from './connector';

/**
 * Work done before the request that creates a post (probing, logging in, uploading, tokens) cannot
 * have made the post: its PublishError is never an unknown outcome.
 */
export async function surelyNotPosted<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof PublishError ? error.withOutcomeUnknown(false) : error;
  }
}

/** A server error answering the create request may come after the post was saved: the outcome is unknown. */
export async function maybePosted<T>(create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (error instanceof PublishError && error.status !== undefined && error.status >= 500) throw error.withOutcomeUnknown(true);
    throw error;
  }
}
