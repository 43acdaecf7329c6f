/**
 * The engine's seams into the features: the only feature functions (and types) the engine may
 * use, re-exported here. A lint rule (eslint.config.js) refuses any other import of
 * `features/**` from `engine/**`; a new need is added here, in its group, on purpose.
 */

/** Projects: a project's stored form, its sites, and its status changes on the screens. */
export { readProjectForm } from '../features/projects/project-settings';
export { availableSites, type SiteSource } from '../features/projects/project-site-sources';
export { findProject, type ProjectRecord } from '../features/projects/projects.repository';
export { presentProject } from '../features/projects/projects.presenter';
export { publishProjectStatus } from '../features/projects/publish-project-status';

/** Options: the user's engine options and working proxies. */
export { readEngineOptions, workingProxies, type ProxyEntry } from '../features/options/options.repository';

/** Output link sets: reading their links, counting them, and telling their screens. */
export { countLinks, findLinkSetWithCampaign, linksAfter } from '../features/link-items/link-items.repository';
export { publishLinksChanged, publishLinksChecked } from '../features/link-items/link-items.live';
export type { UrlItemsTable } from '../features/link-sets/link-sets.tables';
