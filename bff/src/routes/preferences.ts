import { consoleApi } from '@credence/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import type { UserPreferences } from '../preferences/user-preferences.js';

const { preferences, setPreferences } = consoleApi;

/** /api/preferences: the signed-in user's own choices (their language), whatever their role, the operator's too. */
export function preferenceRoutes(store: UserPreferences) {
  return new Hono<AppEnv>()
    .get(preferences.path, requireAccess(preferences.access), async (c) => c.json(await store.of(c.get('user')!)))
    .put(setPreferences.path, requireAccess(setPreferences.access), validated('json', setPreferences.body), async (c) => {
      const { language } = c.req.valid('json');
      c.set('auditTarget', { language });
      return c.json(await store.setLanguage(c.get('user')!, language));
    });
}
