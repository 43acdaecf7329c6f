import { normaliseSiteUrl } from '../http';

/** The wiki's address from what a user may paste: the folder of doku.php (`…/doku.php?id=x` → `…`). */
export function wikiBase(siteUrl: string): string {
  return normaliseSiteUrl(siteUrl.replace(/[?#].*$/, '')).replace(/\/(doku|index)\.php$/i, '');
}

/** The public address of a page: `<wiki>/doku.php?id=<id>` (a namespace's `:` kept as the wiki writes it). */
export function pageUrl(base: string, id: string): string {
  return `${base}/doku.php?id=${encodeURIComponent(id).replace(/%3A/gi, ':')}`;
}

/** The public address of a media file, as the wiki links it: `<wiki>/lib/exe/fetch.php?media=<id>`. */
export function mediaUrl(base: string, id: string): string {
  return `${base}/lib/exe/fetch.php?media=${encodeURIComponent(id).replace(/%3A/gi, ':')}`;
}
