import { languages } from '@credence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { locallyChosen, rememberLocally } from './chosen-language';
import { useLocaleChoice } from './I18nProvider';
import { isLanguage, languageNames, type Language } from './locales';
import { preferenceQueries, saveLanguage } from './preferences';
import { useT } from './use-t';
import './language-menu.css';

/**
 * The language menu: each language named in itself (and marked so, for screen readers). Signed in, the choice is
 * the user's, remembered by the server and followed on every page load; before sign-in, this browser's only.
 */
export function LanguageMenu({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const id = useId();
  const { locale, show } = useLocaleChoice();
  const queryClient = useQueryClient();
  const remembered = useQuery({ ...preferenceQueries.mine(), enabled: signedIn }).data;
  const save = useMutation({ mutationFn: saveLanguage });
  const keep = (language: Language) => {
    queryClient.setQueryData(preferenceQueries.mine().queryKey, { language });
    save.mutate(language);
  };

  // The user's own choice, once known, wins over this browser's; a user who never chose keeps the one they
  // picked on the login page, remembered from now on. The pseudo-locale, a test aid, is left alone.
  useEffect(() => {
    if (!remembered || locale === 'pseudo') return;
    if (remembered.language === null) {
      const chosenHere = locallyChosen();
      if (chosenHere) keep(chosenHere);
      return;
    }
    rememberLocally(remembered.language);
    if (remembered.language !== locale) void show(remembered.language);
    // Only when the remembered language arrives or changes: a choice made here has already been shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remembered]);

  const choose = (language: Language) => {
    rememberLocally(language);
    void show(language);
    if (signedIn) keep(language);
  };

  return (
    <div className="language-menu">
      <svg className="language-mark" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" />
        <ellipse cx="8" cy="8" rx="3" ry="6.5" fill="none" stroke="currentColor" />
        <path d="M1.5 8h13" stroke="currentColor" />
      </svg>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select id={id} value={locale === 'pseudo' ? '' : locale} onChange={(e) => isLanguage(e.target.value) && choose(e.target.value)}>
        {locale === 'pseudo' && <option value="">⟦Pseudo⟧</option>}
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
