import { afterAll, afterEach, beforeEach } from 'vitest';

/**
 * The unit tests' console guard, installed by every project's setup file: a console.error or
 * console.warn that a test did not announce fails that test, with the message shown, as the e2e
 * tests already fail on a browser console error. log, info and debug still print, unless a test
 * captures them. A test that provokes a message on purpose says so:
 *
 *     const warned = expectConsole('warn', /^\[bus\] redis: /); // swallowed, and must happen
 *     allowConsole('error', /serveStatic: root path/);           // swallowed if it happens
 *
 * Called in a test or a beforeEach, an announcement holds for that test; called at the top of a
 * file or in a beforeAll, for the rest of the file.
 */

export type ConsoleLevel = 'log' | 'info' | 'debug' | 'warn' | 'error';

const LEVELS: readonly ConsoleLevel[] = ['log', 'info', 'debug', 'warn', 'error'];
/** The levels whose unannounced calls fail a test. */
const FAILING: ReadonlySet<ConsoleLevel> = new Set(['warn', 'error']);

type ConsoleMethod = (...args: unknown[]) => void;
// Not the `console` global: shared/ compiles without the DOM or Node types that declare it.
const target = (globalThis as unknown as { console: Record<ConsoleLevel, ConsoleMethod> }).console;

interface Announcement {
  level: ConsoleLevel;
  pattern: RegExp | string;
  /** The messages it let through, in order. */
  seen: string[];
  /** Fail the test (or the file) when nothing matched. */
  required: boolean;
  scope: 'test' | 'file';
}

let originals: Map<ConsoleLevel, ConsoleMethod> | undefined;
let announcements: Announcement[] = [];
let unexpected: string[] = [];
let inTest = false;

/** The message as the console would print it: printf-style `%s`/`%d`/`%o` filled in, errors with their stack. */
export function formatConsoleArgs(args: readonly unknown[]): string {
  const show = (value: unknown): string => {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
    if (typeof value === 'object' && value !== null) {
      try {
        return JSON.stringify(value);
      } catch {
        return Object.prototype.toString.call(value);
      }
    }
    return String(value);
  };
  const rest = [...args];
  let first = rest.length > 0 && typeof rest[0] === 'string' ? (rest.shift() as string) : undefined;
  if (first !== undefined) {
    first = first.replace(/%([sdifoOjc%])/g, (token, kind: string) => {
      if (kind === '%') return '%';
      if (rest.length === 0) return token;
      const value = rest.shift();
      if (kind === 'c') return '';
      if (kind === 'd' || kind === 'i') return String(typeof value === 'number' ? Math.trunc(value) : parseInt(String(value), 10));
      if (kind === 'f') return String(Number(value));
      return show(value);
    });
  }
  return [...(first !== undefined ? [first] : []), ...rest.map(show)].join(' ');
}

/** The line that called the console: the first frame of the stack outside this file. */
function callerOf(error: Error): string {
  const frames = (error.stack ?? '').split('\n').slice(1);
  return (frames.find((frame) => !frame.includes('console-guard')) ?? '(unknown caller)').trim();
}

const matches = (pattern: RegExp | string, message: string) => (typeof pattern === 'string' ? message.includes(pattern) : pattern.test(message));

function announce(level: ConsoleLevel, pattern: RegExp | string, required: boolean): readonly string[] {
  if (!originals) throw new Error('The console guard is not installed: add the project’s setup file to its vitest config.');
  const announcement: Announcement = { level, pattern, seen: [], required, scope: inTest ? 'test' : 'file' };
  announcements.push(announcement);
  return announcement.seen;
}

/** Lets `console[level]` messages matching `pattern` pass silently; the returned list fills with them. */
export function allowConsole(level: ConsoleLevel, pattern: RegExp | string): readonly string[] {
  return announce(level, pattern, false);
}

/** Like `allowConsole`, and fails the test (or, announced outside a test, the file) if no such message came. */
export function expectConsole(level: ConsoleLevel, pattern: RegExp | string): readonly string[] {
  return announce(level, pattern, true);
}

function problems(scope: Announcement['scope']): string[] {
  const found = unexpected.map((message) => `  ${message}`);
  unexpected = [];
  for (const a of announcements) {
    if (a.scope === scope && a.required && a.seen.length === 0) found.push(`  expected a console.${a.level} matching ${String(a.pattern)}, but none came`);
  }
  return found;
}

const failure = (found: string[]) =>
  new Error(
    `The console guard: the console was not used as the test announced.\n${found.join('\n')}\n` +
      'Fix what logs it, or announce the message with allowConsole()/expectConsole() from shared/src/test/console-guard.ts.',
  );

/** Replaces the console's methods for this test file and checks after each test. Call once, from a setup file. */
export function installConsoleGuard(): void {
  if (originals) return;
  const saved = new Map<ConsoleLevel, ConsoleMethod>();
  originals = saved;
  for (const level of LEVELS) {
    const original = target[level];
    saved.set(level, original);
    target[level] = (...args: unknown[]) => {
      const message = formatConsoleArgs(args);
      const announcement = announcements.find((a) => a.level === level && matches(a.pattern, message));
      if (announcement) announcement.seen.push(message);
      else if (FAILING.has(level)) unexpected.push(`console.${level}${inTest ? '' : ' (outside a test)'}: ${message}\n    ${callerOf(new Error())}`);
      else original.apply(target, args);
    };
  }
  // The setup file's hooks come first, so its afterEach runs last: after the file's own clean-ups.
  beforeEach(() => {
    inTest = true;
  });
  afterEach(() => {
    inTest = false;
    const found = problems('test');
    announcements = announcements.filter((a) => a.scope === 'file');
    if (found.length > 0) throw failure(found);
  });
  afterAll(() => {
    for (const [level, original] of saved) target[level] = original;
    originals = undefined;
    const found = problems('file');
    announcements = [];
    if (found.length > 0) throw failure(found);
  });
}
