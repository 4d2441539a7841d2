import { afterEach, describe, expect, it } from 'vitest';
import { locallyChosen, rememberLocally, startingLocale } from './chosen-language';
import { intlTagOf } from './catalogue';
import { negotiateLanguage } from './locales';

afterEach(() => window.localStorage.clear());

describe('the language a browser is spoken to in', () => {
  it('is the first language asked for that Credence speaks, French of any region as Canadian French', () => {
    expect(negotiateLanguage(['fr-CA', 'en'])).toBe('fr-CA');
    expect(negotiateLanguage(['fr'])).toBe('fr-CA');
    expect(negotiateLanguage(['fr-FR', 'en-US'])).toBe('fr-CA');
    expect(negotiateLanguage(['FR-be'])).toBe('fr-CA');
    expect(negotiateLanguage(['en-GB', 'fr'])).toBe('en');
    expect(negotiateLanguage(['de-DE', 'fr-CH', 'en'])).toBe('fr-CA');
  });

  it('is English when the browser asks for nothing Credence speaks', () => {
    expect(negotiateLanguage(['de', 'ja'])).toBe('en');
    expect(negotiateLanguage([])).toBe('en');
  });

  it('starts as chosen in this browser before the browser’s own, and as the pseudo-locale only when asked in the address', () => {
    expect(startingLocale('', ['fr-FR'])).toBe('fr-CA');
    rememberLocally('en');
    expect(locallyChosen()).toBe('en');
    expect(startingLocale('', ['fr-FR'])).toBe('en');
    expect(startingLocale('?lang=pseudo', ['fr-FR'])).toBe('pseudo');
    window.localStorage.setItem('credence.language', 'klingon');
    expect(startingLocale('', ['fr'])).toBe('fr-CA');
  });

  it('formats English as the browser writes it, and every other language as its catalogue is written', () => {
    expect(intlTagOf('en', ['en-GB', 'fr'])).toBe('en-GB');
    expect(intlTagOf('en', ['fr-CA', 'en-CA'])).toBe('en-CA');
    expect(intlTagOf('en', ['de'])).toBe('en');
    expect(intlTagOf('fr-CA', ['fr-FR'])).toBe('fr-CA');
    expect(intlTagOf('pseudo', ['en-GB'])).toBe('en-XA');
  });
});
