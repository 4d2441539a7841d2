export * from './agent-api.js';
export * from './console-api.js';
export * from './route.js';
