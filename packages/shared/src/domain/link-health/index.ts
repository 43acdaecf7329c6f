export * from './recheck-plan';
export * from './tier-health';
export * from './report-rules';
export * from './strategy-graph';
export * from './republish';
export * from './check-now-words';
