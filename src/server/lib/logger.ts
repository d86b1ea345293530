import pino from 'pino';

/**
 * One JSON line per event. Request logs carry method, path (never the query string), status,
 * duration and request id: no e-mail, name, IP, cookie or token.
 */
export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['email', 'to', '*.email', '*.to', 'password', '*.password', 'token', '*.token', 'cookie'],
      censor: '[verborgen]',
    },
  });
}
export type Logger = ReturnType<typeof createLogger>;
