/**
 * How much Credence keeps of proof templates. A clerk's real template is a few KB and a few dozen
 * edits; these bounds are far above that and far below what would slow every verifier's page.
 */

/** One template's request (its JSON, UTF-8): 64 KB. */
export const TEMPLATE_MAX_REQUEST_BYTES = 64 * 1024;
/** Versions kept per template: the newest 50 (older ones are dropped when a new one is saved). */
export const TEMPLATE_MAX_VERSIONS_KEPT = 50;
/** Live templates, all verifiers together. */
export const TEMPLATE_MAX_COUNT = 500;

/** The templates list's page: 25 by default; up to every template at once, for a picker of names. */
export const TEMPLATE_LIST_DEFAULT_LIMIT = 25;
export const TEMPLATE_LIST_MAX_LIMIT = TEMPLATE_MAX_COUNT;
/** A template's versions, a page at a time (summaries; each version's request on its own route). */
export const TEMPLATE_VERSIONS_DEFAULT_LIMIT = 10;
export const TEMPLATE_VERSIONS_MAX_LIMIT = TEMPLATE_MAX_VERSIONS_KEPT;
/** What a template asks for, in a line of a list: cut at this many characters. */
export const TEMPLATE_ASKS_MAX_CHARS = 200;

/** Bytes of `text` in UTF-8, as the database and the network count them (a lone half of a surrogate pair as U+FFFD, 3). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** "64 KB", "64.1 KB", "1.2 MB": rounded up, so a size just over a limit never reads as the limit. */
export function sizeInWords(bytes: number): string {
  const up = (value: number, digits: number) => {
    const scale = 10 ** digits;
    return (Math.ceil(value * scale) / scale).toLocaleString('en', { maximumFractionDigits: digits });
  };
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 100 * 1024) return `${up(bytes / 1024, 1)} KB`;
  if (bytes < 1024 * 1024) return `${up(bytes / 1024, 0)} KB`;
  return `${up(bytes / (1024 * 1024), 1)} MB`;
}

/** Why a request is refused as a template, in plain words. */
export function templateTooLarge(bytes: number): string {
  return `A template holds at most ${sizeInWords(TEMPLATE_MAX_REQUEST_BYTES)}; this one is ${sizeInWords(bytes)}. Ask for fewer attributes or restrictions.`;
}

/** "name, degree; age >= 18" cut to a line. */
export function cutToLine(text: string, max = TEMPLATE_ASKS_MAX_CHARS): string {
  if (text.length <= max) return text;
  // Never half of a surrogate pair at the cut.
  const end = (text.charCodeAt(max - 2) & 0xfc00) === 0xd800 ? max - 2 : max - 1;
  return `${text.slice(0, end).trimEnd()}…`;
}
