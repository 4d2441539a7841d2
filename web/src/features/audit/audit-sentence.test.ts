import { describe, expect, it } from 'vitest';
import { formatWith, intlFor, type MessageValues } from '../../i18n/active-intl';
import { englishCatalogue, loadCatalogue, type Catalogue, type MessageKey } from '../../i18n/catalogue';
import { auditSummaryTemplates, type AuditSummaryCode } from '@credence/shared';
import { auditSentence, auditSentenceKey } from './audit-sentence';

const translator = (locale: 'en' | 'fr-CA', catalogue: Catalogue) => {
  const intl = intlFor(locale, catalogue);
  return (key: MessageKey, values?: MessageValues) => formatWith(intl, key, values);
};

const variables = (message: string) => [...new Set([...message.matchAll(/\{(\w+)/g)].map((m) => m[1]))].sort().join();

describe('an audit entry’s sentence', () => {
  it.each(['en', 'fr-CA'] as const)('%s has a message for every sentence the BFF writes, with its values', async (locale) => {
    const catalogue = (await loadCatalogue(locale)) as Record<string, string>;
    const wrong = (Object.entries(auditSummaryTemplates) as [AuditSummaryCode, string][]).filter(([code, template]) => {
      const message = catalogue[auditSentenceKey(code)];
      return message === undefined || variables(message) !== variables(template);
    });
    expect(wrong).toEqual([]);
  });

  it('reads in English as the log wrote it', () => {
    const t = translator('en', englishCatalogue);
    for (const summary of [
      'offered Student ID 1.2 to Ada Lovelace',
      'asked Ada Lovelace for “Proof of age”',
      'tried to issue a credential to a connection',
      'logged in',
    ])
      expect(auditSentence(summary, t)).toBe(summary);
  });

  it('reads in French, names as they were written, the generic words and quotes French', async () => {
    const t = translator('fr-CA', await loadCatalogue('fr-CA'));
    expect(auditSentence('offered Student ID 1.2 to Ada Lovelace', t)).toBe('a offert Student ID 1.2 à Ada Lovelace');
    expect(auditSentence('asked Ada Lovelace for “Proof of age”', t)).toBe('a demandé « Proof of age » à Ada Lovelace');
    expect(auditSentence('saved the proof template “Proof of age” (version 2)', t)).toBe('a enregistré le modèle de preuve « Proof of age » (version 2)');
    expect(auditSentence('tried to issue a credential to a connection', t)).toBe('a tenté d’émettre une attestation à une connexion');
    expect(auditSentence('offered Library card 1.0 to Bob, answering their proposal', t)).toBe('a offert Library card 1.0 à Bob, en réponse à sa proposition');
  });

  it('shows a sentence it has no template for as written', async () => {
    const t = translator('fr-CA', await loadCatalogue('fr-CA'));
    expect(auditSentence('revoked Student ID 1.2 of Ada Lovelace (published)', t)).toBe('revoked Student ID 1.2 of Ada Lovelace (published)');
  });
});
