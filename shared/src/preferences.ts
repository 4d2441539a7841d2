import { z } from './zod.js';

/**
 * The languages Credence speaks, each a catalogue in the web app (`web/src/i18n/messages/<tag>.json`).
 * The first is the default, the one every other catalogue is checked against. A new language is a new
 * tag here and its catalogue there.
 */
export const languages = ['en', 'fr-CA'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

/** What Credence remembers for a user, on every instance: null where they never chose. */
export const preferencesSchema = z.object({
  language: languageSchema.nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const preferencesBodySchema = z.strictObject({
  language: languageSchema,
});
export type PreferencesBody = z.infer<typeof preferencesBodySchema>;
