import { createLogger, type Logger, type LogLevel } from './logger.js';

/** For tests: a logger whose JSON lines are kept, parsed, instead of written out. */
export function capturedLogger(level: LogLevel = 'info'): { logger: Logger; lines: Record<string, unknown>[]; text: () => string } {
  const raw: string[] = [];
  const logger = createLogger({ level, destination: { write: (line: string) => void raw.push(line) } });
  return {
    logger,
    get lines() {
      return raw.map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    text: () => raw.join(''),
  };
}
