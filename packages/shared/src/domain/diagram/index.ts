export * from './graph';
export * from './nodes';
export * from './parse';
export * from './preview';
