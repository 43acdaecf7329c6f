export * from './plan-campaign';
export * from './wizard-projects';
export * from './wizard-summary';
export * from './schedule-words';
