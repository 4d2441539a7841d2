export type { App as AppType } from './app.js';
