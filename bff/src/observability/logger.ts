import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger } from 'pino';
export type LogFormat = 'json' | 'pretty';
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Where a secret or a person's data could sit in a line someone logs: censored wherever it appears, even
 * though the request lines name none of them (a safety net for errors and objects logged whole).
 */
export const REDACTED_PATHS = [
  'password',
  'token',
  'apiKey',
  'api_key',
  'secret',
  'cookie',
  'authorization',
  'attributes',
  'credential_preview',
  '*.password',
  '*.token',
  '*.apiKey',
  '*.api_key',
  '*.secret',
  '*.cookie',
  '*.authorization',
  '*["x-api-key"]',
  '*["set-cookie"]',
  '*.attributes',
  '*.credential_preview',
  '*.headers',
];

const base: LoggerOptions = {
  base: { service: 'credence-bff' },
  timestamp: pino.stdTimeFunctions.isoTime,
  messageKey: 'msg',
  formatters: { level: (label) => ({ level: label }) },
  redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
};

/**
 * The console's logger: JSON lines on stdout (one object a line, for the log pipeline), or readable
 * lines for a terminal with LOG_FORMAT=pretty (pino-pretty, a development package: without it, JSON).
 */
export function createLogger(options: { level?: LogLevel; format?: LogFormat; destination?: DestinationStream } = {}): Logger {
  const level = options.level ?? 'info';
  if (options.destination) return pino({ ...base, level }, options.destination);
  if (options.format === 'pretty') {
    try {
      return pino({ ...base, level, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' } } });
    } catch {
      /* pino-pretty is not installed (a production install): JSON lines it is */
    }
  }
  return pino({ ...base, level });
}

/** For tests and API-only apps: a logger that writes nothing. */
export const silentLogger: Logger = pino({ level: 'silent' });
