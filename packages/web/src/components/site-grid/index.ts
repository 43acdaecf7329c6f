export { SiteGrid, type SiteGridProps } from './site-grid';
