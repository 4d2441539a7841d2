import { describe, expect, it } from 'vitest';
import { signInPageHtml } from '../routes/session-oidc-page.js';
import { pageCatalogues, pageLanguageOf, pageWords } from './page-words.js';

const variables = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the public pages’ words', () => {
  it.each(Object.keys(pageCatalogues).filter((l) => l !== 'en'))('%s has every English key, with the same variables and markup', (lang) => {
    const catalogue = pageCatalogues[lang as keyof typeof pageCatalogues] as Record<string, string>;
    const english = pageCatalogues.en as Record<string, string>;
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
    const differing = Object.entries(english).filter(
      ([key, text]) => variables(text).join() !== variables(catalogue[key]!).join() || /<strong>/.test(text) !== /<strong>/.test(catalogue[key]!),
    );
    expect(differing).toEqual([]);
  });

  it('speak the visitor’s language from Accept-Language, by language and preference, English otherwise', () => {
    expect(pageLanguageOf('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr-CA');
    expect(pageLanguageOf('fr-BE')).toBe('fr-CA');
    expect(pageLanguageOf('en-GB,fr;q=0.5')).toBe('en');
    expect(pageLanguageOf('de-DE,fr;q=0.7,en;q=0.6')).toBe('fr-CA');
    expect(pageLanguageOf('en;q=0.4,fr-CA;q=0.8')).toBe('fr-CA');
    expect(pageLanguageOf('fr;q=0,en')).toBe('en');
    expect(pageLanguageOf('ja')).toBe('en');
    expect(pageLanguageOf(undefined)).toBe('en');
  });

  it('make a French sign-in refusal page, the English reason marked as English, names escaped', () => {
    const t = pageWords('fr-CA');
    const html = signInPageHtml(
      {
        title: t('signIn.noRole.title'),
        lines: [t('signIn.noRole.line', { provider: 'Test SSO', person: '<Nina>' }), { text: 'The provider said no.', lang: 'en' }],
        list: { label: t('signIn.noRole.list', { claim: 'roles' }), items: [] },
        actions: [{ label: t('signIn.back'), href: '/login', primary: true }],
      },
      'fr-CA',
    );
    expect(html).toContain('<html lang="fr-CA">');
    expect(html).toContain('<h1>Aucun rôle Credence pour ce compte</h1>');
    expect(html).toContain('en tant que &lt;Nina&gt;');
    expect(html).toContain('<p lang="en">The provider said no.</p>');
    expect(html).toContain('(aucune)');
    expect(html).toContain('>Retour à la connexion</a>');
  });
});
