import { DEFAULT_ROUTE } from '@linkloom/shared';

/** One of the documents the server renders, as its navigation shows it. */
export interface DocumentLink {
  url: string;
  label: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = `
body { margin: 0; font: 15px/1.6 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: rgba(0,0,0,.88); background: #f5f5f5; }
header { background: #001529; padding: 12px 24px; display: flex; flex-wrap: wrap; gap: 16px; align-items: center; }
header a { color: rgba(255,255,255,.75); text-decoration: none; }
header a.brand { color: #fff; font-weight: 600; margin-right: auto; }
header a[aria-current] { color: #fff; border-bottom: 2px solid #1677ff; }
main { max-width: 880px; margin: 24px auto; padding: 24px 32px; background: #fff; border-radius: 8px; }
main img { max-width: 100%; border: 1px solid #f0f0f0; border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.08); }
main table { border-collapse: collapse; } main th, main td { border: 1px solid #f0f0f0; padding: 4px 8px; text-align: left; }
main code { background: #f5f5f5; padding: 1px 4px; border-radius: 4px; }
main pre { background: #f5f5f5; padding: 12px; overflow-x: auto; }
@media (max-width: 600px) { main { margin: 0; padding: 16px; border-radius: 0; } }
`;

/** A whole HTML page around a rendered document: the app's colours, links to the others and back to the app. */
export function documentPage(page: { title: string; body: string; current: string; links: readonly DocumentLink[] }): string {
  const nav = page.links
    .map((link) => `<a href="${escapeHtml(link.url)}"${link.url === page.current ? ' aria-current="page"' : ''}>${escapeHtml(link.label)}</a>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · LinkLoom</title>
<style>${STYLE}</style>
</head>
<body>
<header><a class="brand" href="/#${DEFAULT_ROUTE}">LinkLoom</a>${nav}</header>
<main data-testid="document">
${page.body}
</main>
</body>
</html>
`;
}
