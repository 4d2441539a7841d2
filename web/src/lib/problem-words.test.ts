import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { problemCodes, type Problem, type ProblemCode } from '@credence/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { intlFor, setActiveIntl } from '../i18n/active-intl';
import { englishCatalogue, loadCatalogue } from '../i18n/catalogue';
import { ApiError } from './api';
import { agentReasonOf, fieldErrorInWords, problemInWords, problemKeyOf } from './problem-words';

const MESSAGES = join(import.meta.dirname, '..', 'i18n', 'messages');
const catalogues = ['en', 'fr-CA'].map(
  (locale) => [locale, JSON.parse(readFileSync(join(MESSAGES, `${locale}.json`), 'utf8')) as Record<string, string>] as const,
);

function variablesOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) variablesOf(element.children, into);
    else into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) variablesOf(option.value, into);
  }
  return into;
}

async function inFrench() {
  setActiveIntl('fr-CA', intlFor('fr-CA', await loadCatalogue('fr-CA')));
}

afterEach(() => setActiveIntl('en', intlFor('en', englishCatalogue)));

describe('the server’s problems in words', () => {
  it.each(catalogues)('%s words every code the server sends, with exactly its parameters', (_locale, catalogue) => {
    const wrong = (Object.keys(problemCodes) as ProblemCode[]).flatMap((code) => {
      const message = catalogue[problemKeyOf(code)];
      if (message === undefined) return [`${code}: no message`];
      const have = [...variablesOf(parse(message))].sort().join(', ');
      const want = [...problemCodes[code]].sort().join(', ');
      return have === want ? [] : [`${code}: the message has {${have}}, the server sends {${want}}`];
    });
    expect(wrong).toEqual([]);
  });

  it('words a known code in the reader’s language, numbers as they write them', async () => {
    const tooLarge: Problem = {
      type: 'about:blank',
      title: 'File too large',
      status: 413,
      detail: 'The file is 2,500,000 bytes; at most 2,097,152 bytes can be sent at once. Split it into several files.',
      code: 'batch.fileTooLarge',
      params: { bytes: 2_500_000, limit: 2_097_152 },
    };
    expect(problemInWords(tooLarge)).toBe('The file is 2,500,000 bytes; at most 2,097,152 bytes can be sent at once. Split it into several files.');
    await inFrench();
    expect(problemInWords(tooLarge)).toBe(
      'Le fichier fait 2\u00a0500\u00a0000 octets; au plus 2\u00a0097\u00a0152 octets peuvent être envoyés à la fois. Divisez-le en plusieurs fichiers.',
    );
    expect(new ApiError(tooLarge).message).toBe(problemInWords(tooLarge));
  });

  it('keeps the agent’s own words as they are, quoted inside the reader’s language', async () => {
    await inFrench();
    const refused: Problem = {
      type: 'about:blank',
      title: 'Bad request',
      status: 400,
      detail: 'Record not found',
      code: 'agent.refused',
      params: { reason: 'Record not found' },
    };
    expect(problemInWords(refused)).toBe('L’agent a refusé. L’agent indique : « Record not found »');
    expect(agentReasonOf(refused)).toBe('Record not found');
    // The message plainRefusal reads stays the agent's text.
    expect(new ApiError(refused).message).toBe('Record not found');
  });

  it('shows the English detail of a code it does not know (a newer server), and a field error as sent', async () => {
    await inFrench();
    expect(problemInWords({ title: 'Conflict', detail: 'Something new.', code: 'nobody.knows' })).toBe('Something new.');
    expect(fieldErrorInWords({ path: 'body.name', message: 'must be at least 1' })).toBe('must be at least 1');
    expect(fieldErrorInWords({ path: 'body.name', message: 'A template with this name already exists', code: 'field.nameInUse' })).toBe(
      'Ce nom est déjà utilisé.',
    );
  });
});
