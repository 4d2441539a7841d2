import { preferencesBodySchema, preferencesSchema } from '../preferences.js';
import { consoleRoles } from '../session.js';
import { route } from './route.js';

/** What a user chose for themselves (their language): every signed-in user, the operator too, reads and sets their own. */
export const preferencesApi = {
  preferences: route({ method: 'GET', path: '/preferences', access: consoleRoles, response: preferencesSchema }),
  setPreferences: route({ method: 'PUT', path: '/preferences', access: consoleRoles, body: preferencesBodySchema, response: preferencesSchema }),
} as const;
