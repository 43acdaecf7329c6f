export { ModuleCapabilityBadge, type ModuleCapabilityBadgeProps } from './module-capability-badge';
export { ModuleCapabilityList, type ModuleCapabilityListProps } from './module-capability-list';
export { CredentialsHelp } from './credentials-help';
export { usePublishingCapabilities, publishingCapabilityKeys, type PublishingCapabilitiesView } from './use-publishing-capabilities';
