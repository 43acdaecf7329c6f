import path from 'node:path';
import type { FeaturedImage, PublishOptions } from './connector';
import type { ProxyDispatchers } from './proxy-dispatcher';
import { describeNetworkCode, errorCode, type HttpContext } from './http';
import { egressFetch } from '../../platform/egress/egress-dispatcher';
import { findOutboundRefusal } from '../../platform/egress/outbound-policy';

export interface ImageFile {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
  alt?: string;
}

/** Largest featured image the connectors download and upload. */
export const MAX_FEATURED_IMAGE_BYTES = 20 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * The featured image as a file to upload: given bytes as they are, or downloaded from its URL.
 * Returns a warning instead when it cannot be had — a missing picture never stops the post.
 */
export async function loadFeaturedImage(image: FeaturedImage, http: HttpContext): Promise<ImageFile | { warning: string }> {
  if ('bytes' in image) {
    return { bytes: image.bytes, filename: safeFilename(image.filename, image.contentType), contentType: image.contentType, ...(image.alt ? { alt: image.alt } : {}) };
  }
  try {
    const timeout = AbortSignal.timeout(http.timeoutMs);
    // Through the outbound policy (a user's image URL must not read this server's own network), and
    // without the site's credentials: the image's host is not the site.
    const response = await egressFetch(image.url, {
      signal: http.signal ? AbortSignal.any([timeout, http.signal]) : timeout,
      ...(http.dispatcher ? { dispatcher: http.dispatcher } : {}),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { warning: `The featured image ${image.url} could not be downloaded (HTTP ${response.status}); the post was published without it.` };
    }
    const bytes = await readAtMost(response, MAX_FEATURED_IMAGE_BYTES);
    if (!bytes) return { warning: `The featured image ${image.url} is larger than 20 MB; the post was published without it.` };
    const contentType = sniffImageType(bytes) ?? response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
    if (!contentType.startsWith('image/')) return { warning: `${image.url} is not an image (${contentType.slice(0, 60) || 'unknown type'}); the post was published without a featured image.` };
    // The source's own file name; an address without one takes the post's alt text (its title), never a fixed word of ours.
    const name = path.posix.basename(new URL(image.url).pathname) || image.alt?.trim() || 'image';
    return { bytes, filename: safeFilename(name, contentType), contentType, ...(image.alt ? { alt: image.alt } : {}) };
  } catch (error) {
    if (http.signal?.aborted) throw http.signal.reason;
    return { warning: `The featured image ${image.url} could not be downloaded (${imageFailureReason(error)}); the post was published without it.` };
  }
}

/** The body up to `limit` bytes, or null as soon as it is larger (a declared length is believed first). */
async function readAtMost(response: Response, limit: number): Promise<Uint8Array | null> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > limit || !response.body) {
    await response.body?.cancel();
    return declared > limit ? null : new Uint8Array();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > limit) return null; // leaving the loop cancels the stream
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** A failed download in our words (the policy's refusal, a timeout, a classified network error). */
function imageFailureReason(error: unknown): string {
  const refusal = findOutboundRefusal(error);
  if (refusal) return refusal.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'no answer in time';
  if (error instanceof TypeError && /invalid url/i.test(error.message)) return 'not a valid address';
  return describeNetworkCode(errorCode(error));
}

/** The type the bytes say they are (magic numbers of the common web formats). */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return undefined;
}

/** A file name WordPress accepts: plain characters, and an extension that matches the type. */
export function safeFilename(name: string, contentType: string): string {
  const cleaned =
    name
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-+\./g, '.')
      .replace(/^[-.]+|[-.]+$/g, '') || 'image';
  const extension = EXTENSIONS[contentType];
  if (!extension) return cleaned;
  const current = path.posix.extname(cleaned).slice(1).toLowerCase();
  if (current === extension || (extension === 'jpg' && current === 'jpeg')) return cleaned;
  return `${cleaned.replace(/\.[^.]*$/, '')}.${extension}`;
}

/**
 * What a featured image's download goes through: the post's proxy when it has one, and no tie to
 * the site (the image is on another host; a connector whose site context only reaches the site's
 * origin hands this one to {@link loadFeaturedImage} instead).
 */
export async function imageDownloadContext(proxies: ProxyDispatchers, options: PublishOptions): Promise<HttpContext> {
  const dispatcher = options.proxy ? await proxies.get(options.proxy) : undefined;
  return {
    timeoutMs: options.timeoutMs,
    siteLabel: 'the featured image',
    ...(options.signal ? { signal: options.signal } : {}),
    ...(dispatcher ? { dispatcher } : {}),
  };
}
