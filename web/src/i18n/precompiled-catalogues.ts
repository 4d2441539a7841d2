import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]src[\\/]i18n[\\/]messages[\\/][^\\/]+\.json$/;

/**
 * The catalogues as react-intl's compiled messages (each message's AST, as `formatjs compile --ast` writes it),
 * parsed once at build time: the browser never parses a message, and the parser stays out of the bundle
 * (aliased to its no-parser build). A message that does not parse fails the build, naming it.
 */
export function precompiledCatalogues(): Plugin {
  return {
    name: 'credence-precompiled-catalogues',
    enforce: 'pre',
    load(id) {
      if (!CATALOGUE.test(id)) return null;
      const messages = JSON.parse(readFileSync(id, 'utf8')) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(messages)) {
        try {
          compiled[key] = parse(message);
        } catch (error) {
          this.error(`${id}: ${key} does not parse: ${(error as Error).message}`);
        }
      }
      // Still JSON, so Vite's own JSON plugin turns it into a module as before.
      return JSON.stringify(compiled);
    },
  };
}

/** Where the browser's bundle takes the parser from: nothing that parses (messages come compiled). */
export const withoutMessageParser = { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' };
