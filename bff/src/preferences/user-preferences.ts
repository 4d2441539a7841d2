import { languageSchema, type Language, type Preferences } from '@credence/shared';
import type { SessionUser } from '../auth/sessions.js';
import type { Store } from '../store/store.js';

/** Whose preferences: a provider's `admin` is not the local `admin` (as for sessions, the issuer tells them apart). */
const ownerOf = (user: SessionUser) => ({ issuer: user.issuer ?? '', username: user.username });

/** Each user's own choices (migration 027): read on every page load, written when they choose. */
export class UserPreferences {
  constructor(private readonly store: Store) {}

  async of(user: SessionUser): Promise<Preferences> {
    const { issuer, username } = ownerOf(user);
    const row = await this.store.run((db) =>
      db.selectFrom('user_preferences').select('language').where('issuer', '=', issuer).where('username', '=', username).executeTakeFirst(),
    );
    // A language Credence no longer speaks reads as no choice: the browser's language is used again.
    const language = languageSchema.safeParse(row?.language);
    return { language: language.success ? language.data : null };
  }

  async setLanguage(user: SessionUser, language: Language, at = new Date()): Promise<Preferences> {
    const owner = ownerOf(user);
    await this.store.run((db) =>
      db
        .insertInto('user_preferences')
        .values({ ...owner, language, updated_at: at })
        .onConflict((conflict) => conflict.columns(['issuer', 'username']).doUpdateSet({ language, updated_at: at }))
        .execute(),
    );
    return { language };
  }
}
