export * from './advised-actions.js';
export * from './permissions.js';
export * from './problem.js';
export * from './queries.js';
export * from './records.js';
export * from './session.js';
export * from './states.js';
export * from './versioning.js';
