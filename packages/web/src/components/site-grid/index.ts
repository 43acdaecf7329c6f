export { SiteGrid, type SiteGridProps } from './site-grid';
export { siteHref } from './site-grid-columns';
