import { describe, expect, it } from 'vitest';
import { consoleThroughLogger } from './console-bridge.js';
import { capturedLogger } from './log-capture.js';

describe('console lines in a running console', () => {
  it('become JSON lines of the logger, their [area] a field and their level kept', () => {
    const log = capturedLogger('debug');
    const quiet = (..._args: unknown[]) => undefined;
    const target = { log: quiet, info: quiet, debug: quiet, warn: quiet, error: quiet };
    const restore = consoleThroughLogger(log.logger, target);
    target.warn('[bus] redis: %s', 'connection refused');
    target.info('[register] backfill read 12 exchange records from the agent');
    target.log('\n  Credence is running: http://127.0.0.1:8080\n');
    expect(log.lines).toMatchObject([
      { level: 'warn', area: 'bus', msg: 'redis: connection refused' },
      { level: 'info', area: 'register', msg: 'backfill read 12 exchange records from the agent' },
      { level: 'info', msg: '\n  Credence is running: http://127.0.0.1:8080\n' },
    ]);
    restore();
    target.error('[store] gone');
    expect(log.lines).toHaveLength(3);
  });
});
