export * from './plan-campaign';
export * from './wizard-projects';
