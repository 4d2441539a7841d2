import { describe, expect, it } from 'vitest';
import { formatWith, intlFor } from './active-intl';
import { englishCatalogue } from './catalogue';
import { pseudoLocalize } from './pseudo';

describe('the pseudo-locale', () => {
  it('accents and lengthens every message, brackets it, and keeps its variables and plural forms', () => {
    const intl = intlFor('pseudo', pseudoLocalize(englishCatalogue));
    const one = formatWith(intl, 'needsMe.issueAll.title', { count: 1 });
    const many = formatWith(intl, 'needsMe.issueAll.title', { count: 3 });
    expect(one).toMatch(/^⟦.*1.*⟧$/);
    expect(many).toMatch(/^⟦.*3.*⟧$/);
    expect(many).not.toMatch(/[a-zA-Z]{3}/);
    const english = formatWith(intlFor('en', englishCatalogue), 'needsMe.issueAll.title', { count: 3 });
    expect(many.length).toBeGreaterThanOrEqual(english.length * 1.3);
    expect(formatWith(intl, 'login.provider.button', { provider: 'Ministry SSO' })).toContain('Ministry SSO');
  });
});
