import { format } from 'node:util';
import { createLogger, type Logger } from './logger.js';
import { parseOperationsConfig } from './operations-config.js';

const LEVELS = { log: 'info', info: 'info', debug: 'debug', warn: 'warn', error: 'error' } as const;
type ConsoleMethod = keyof typeof LEVELS;

/**
 * In a running console (serve, launch), the modules' `console` lines (`[store] …`, `[webhooks] …`) become
 * the logger's JSON lines, with their `[area]` as a field, so the log pipeline reads one format. The modules
 * keep calling `console`, which the unit tests' console guard watches. Returns the way back.
 */
export function consoleThroughLogger(logger: Logger, target: Pick<Console, ConsoleMethod> = console): () => void {
  const originals = Object.fromEntries((Object.keys(LEVELS) as ConsoleMethod[]).map((m) => [m, target[m]])) as Pick<Console, ConsoleMethod>;
  for (const method of Object.keys(LEVELS) as ConsoleMethod[]) {
    const level = LEVELS[method];
    target[method] = (...args: unknown[]) => {
      const text = format(...args);
      const area = /^\[([\w-]+)\] /.exec(text);
      if (area) logger[level]({ area: area[1] }, text.slice(area[0].length));
      else logger[level](text);
    };
  }
  return () => Object.assign(target, originals);
}

/** For the entry points: the modules' console lines as JSON from the start (LOG_LEVEL, LOG_FORMAT); a wrong setting stops the start. */
export function consoleLinesAsLogs(env: Record<string, string | undefined>): void {
  const { LOG_LEVEL, LOG_FORMAT } = parseOperationsConfig(env);
  consoleThroughLogger(createLogger({ level: LOG_LEVEL, format: LOG_FORMAT }));
}
