/**
 * The errors every spinner and article-source client throws, sorted into kinds a user can act on
 * (DESIGN.md rule 17): the key or login, the credits, the service's time limit, the network, the
 * service being down, a refusal of this request, or a service that publishes no API for the call.
 */
export type ContentServiceErrorKind = 'auth' | 'quota' | 'timeout' | 'network' | 'unavailable' | 'rejected' | 'unsupported';

export class ContentServiceError extends Error {
  constructor(readonly kind: ContentServiceErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ContentServiceError';
  }
}

/** A short excerpt of a service's own words for a message. */
export function excerpt(text: string): string {
  const flat = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
}
