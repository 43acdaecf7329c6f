import path from 'node:path';
import type { FeaturedImage } from './connector';
import type { HttpContext } from './http';

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
    const response = await fetch(image.url, {
      signal: http.signal ? AbortSignal.any([timeout, http.signal]) : timeout,
      ...(http.dispatcher ? { dispatcher: http.dispatcher } : {}),
    });
    if (!response.ok) return { warning: `The featured image ${image.url} could not be downloaded (HTTP ${response.status}); the post was published without it.` };
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > MAX_FEATURED_IMAGE_BYTES) return { warning: `The featured image ${image.url} is larger than 20 MB; the post was published without it.` };
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > MAX_FEATURED_IMAGE_BYTES) return { warning: `The featured image ${image.url} is larger than 20 MB; the post was published without it.` };
    const contentType = sniffImageType(bytes) ?? response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
    if (!contentType.startsWith('image/')) return { warning: `${image.url} is not an image (${contentType || 'unknown type'}); the post was published without a featured image.` };
    const name = path.posix.basename(new URL(image.url).pathname) || 'image';
    return { bytes, filename: safeFilename(name, contentType), contentType, ...(image.alt ? { alt: image.alt } : {}) };
  } catch (error) {
    if (http.signal?.aborted) throw http.signal.reason;
    const reason = error instanceof Error ? error.message : String(error);
    return { warning: `The featured image ${image.url} could not be downloaded (${reason}); the post was published without it.` };
  }
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
