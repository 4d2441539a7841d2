import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Catalogue } from './catalogue';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdeghijklnorstuwyzABCDEGHIJKLNORSTUWYZ'].map((letter, i) => [letter, [...'åƀçđéĝĥîĵķļñöŕšţûŵýžÅƁÇĐÉĜĤÎĴĶĻÑÖŔŠŢÛŴÝŽ'][i]!]),
);
const VOWELS = /[aeiouyAEIOUY]/;

/** "Log in" → "Ļöö ĝ îîñ": every letter accented, every vowel doubled (about a third longer, as French often is). */
function pseudoText(text: string): string {
  return [...text].map((c) => (ACCENTED[c] ?? c).repeat(VOWELS.test(c) ? 2 : 1)).join('');
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(Object.entries(element.options).map(([key, option]) => [key, { ...option, value: pseudoElements(option.value) }]));
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

/**
 * The pseudo-locale (`?lang=pseudo`): every message of `source` accented, longer, and between ⟦ ⟧, its
 * variables and plural forms kept. Text on screen without the brackets did not come from a catalogue; a
 * layout that holds these holds French.
 */
export function pseudoLocalize(source: Catalogue): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(
    Object.entries(source).map(([key, message]) => [
      key,
      // The build's catalogues come compiled (and without the parser); a test's as written.
      [
        { type: TYPE.literal, value: '⟦' },
        ...pseudoElements(typeof message === 'string' ? parse(message) : message),
        { type: TYPE.literal, value: '⟧' },
      ] as MessageFormatElement[],
    ]),
  );
}
