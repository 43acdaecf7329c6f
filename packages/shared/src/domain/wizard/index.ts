export * from './plan-campaign';
export * from './wizard-projects';
export * from './share-tier-sites';
export * from './wizard-summary';
export * from './schedule-words';
