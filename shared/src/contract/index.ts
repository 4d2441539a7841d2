export * from './agent-api.js';
export * from './console-api.js';
export * from './route.js';
export * from './route-ref.js';
export * from './route-table.js';
export * from './health-api.js';
