import { installConsoleGuard } from './console-guard.js';

// The setup file of the node projects (shared, sandbox, bff): see console-guard.ts.
installConsoleGuard();
