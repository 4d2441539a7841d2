import { erasureAnswerSchema, erasureBodySchema, privacySettingsSchema, retentionOverrideBodySchema, retentionOverrideSchema } from '../privacy.js';
import { areaRoles } from '../permissions.js';
import { z } from '../zod.js';
import { route } from './route.js';

/** Retention and erasure of personal data (decision 039): a tenant's admin reads the settings and erases a person. */
export const privacyApi = {
  privacy: route({ method: 'GET', path: '/privacy', access: areaRoles.privacy, response: privacySettingsSchema }),
  setRetentionOverride: route({
    method: 'PUT',
    path: '/privacy/retention',
    access: areaRoles.privacy,
    body: retentionOverrideBodySchema,
    response: z.object({ override: retentionOverrideSchema.nullable() }),
  }),
  /** Erases one person's personal data from Credence's records (never the agent's); `dry_run` previews. */
  erase: route({ method: 'POST', path: '/erasures', access: areaRoles.privacy, body: erasureBodySchema, response: erasureAnswerSchema }),
} as const;
