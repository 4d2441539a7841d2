/** Object keys that could reach a prototype in a careless reader: never a name the console passes on as a key. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
