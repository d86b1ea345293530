import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogger, requestLogWriter } from './logger';

const LINE = { req_id: 'id "1"', method: 'GET', path: '/api/pad\\met "tekens"', status: 200, ms: 3 };

describe('the request log line (decision 052)', () => {
  it('is the line pino writes for the same fields: the same keys, in the same order', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    requestLogWriter(logger)(LINE);
    logger.info(LINE, 'request');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    const [ours, pinos] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(ours!)).toEqual(Object.keys(pinos!));
    expect({ ...ours, time: 0 }).toEqual({ ...pinos, time: 0 });
    expect(ours!.path).toBe(LINE.path);
  });

  it('follows the logger level', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const write = requestLogWriter(logger);
    write(LINE);
    expect(lines).toEqual([]);
    logger.level = 'info';
    write(LINE);
    expect(lines).toHaveLength(1);
    // The app's silent logger (tests) writes nothing either.
    expect(() => requestLogWriter(createLogger('silent'))(LINE)).not.toThrow();
  });
});
