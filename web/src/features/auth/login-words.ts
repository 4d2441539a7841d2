import type { FieldError } from 'react-hook-form';
import type { MessageValues } from '../../i18n/active-intl';
import type { MessageKey } from '../../i18n/catalogue';
import { isApiError } from '../../lib/api';

type Translate = (key: MessageKey, values?: MessageValues) => string;

// By the zod issue the shared login schema raises (react-hook-form's `type`): the schema's own words are English.
const fieldMessages = {
  username: { too_small: 'login.username.required', too_big: 'login.username.tooLong', invalid_format: 'login.username.characters' },
  password: { too_small: 'login.password.required', too_big: 'login.password.tooLong' },
} as const satisfies Record<string, Record<string, MessageKey>>;
const longest = { username: 64, password: 1024 };

/** A login field's complaint in the language in use; the server's own (a 400's field error) as it wrote it. */
export function loginFieldError(field: keyof typeof fieldMessages, error: FieldError, t: Translate): string | undefined {
  const key = (fieldMessages[field] as Record<string, MessageKey>)[error.type];
  return key ? t(key, { max: longest[field] }) : error.message;
}

/**
 * Why the console refused a login, for the refusals it words the same way every time (the BFF's other reasons, a
 * sign-in refused for the organisation, stay as it wrote them until its problems carry codes).
 */
export function loginRefusal(error: unknown, t: Translate): string | undefined {
  if (isApiError(error, 401)) return t('login.refused.wrongPassword');
  if (isApiError(error, 429)) {
    const seconds = Number(/(\d+)\s*s\b/.exec(error.message)?.[1]);
    return Number.isFinite(seconds) ? t('login.refused.tooMany', { seconds }) : undefined;
  }
  return undefined;
}
