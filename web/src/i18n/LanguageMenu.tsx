import { languages } from '@credence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { rememberLocally } from './chosen-language';
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
  const remembered = useQuery({ ...preferenceQueries.mine(), enabled: signedIn }).data?.language;
  const save = useMutation({ mutationFn: saveLanguage });

  // The user's own choice, once known, wins over this browser's (the pseudo-locale, a test aid, is left alone).
  useEffect(() => {
    if (!remembered || locale === 'pseudo') return;
    rememberLocally(remembered);
    if (remembered !== locale) void show(remembered);
    // Only when the remembered language arrives or changes: a choice made here has already been shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remembered]);

  const choose = (language: Language) => {
    rememberLocally(language);
    void show(language);
    if (!signedIn) return;
    queryClient.setQueryData(preferenceQueries.mine().queryKey, { language });
    save.mutate(language);
  };

  return (
    <div className="language-menu">
      <span aria-hidden="true" className="language-mark">
        🌐
      </span>
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
