import pino from 'pino';

/**
 * One JSON line per event. Request logs carry method, path (never the query string), status,
 * duration and request id: no e-mail, name, IP, cookie or token.
 */
export function createLogger(level: string) {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: ['email', 'to', '*.email', '*.to', 'password', '*.password', 'token', '*.token', 'cookie'],
        censor: '[verborgen]',
      },
    },
    // Issue 19: asynchronous writes, so lines logged while one write is under way go out together
    // (a write per request line was a tenth of the health route's time). Issue 31 (decision 040):
    // lines are held until 4 KB are waiting (about 30 request lines) or a second has passed, so
    // under load one write carries many lines. pino flushes what is left when the process exits.
    pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 }),
  );
}
export type Logger = ReturnType<typeof createLogger>;

/** The fields of a request's log line: never a query string, an address or a body. */
export interface RequestLogLine {
  req_id: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/**
 * Decision 052: writes the request log line as pino would (the same keys in the same order, to
 * the logger's own stream, at level info), without pino's serializer and redaction: its fields are
 * fixed and none of them is personal. Through pino the line was about a tenth of the health
 * route's CPU.
 */
export function requestLogWriter(logger: Logger): (line: RequestLogLine) => void {
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as { write(text: string): unknown } | undefined;
  const bindings = internals[pino.symbols.chindingsSym];
  if (!stream || typeof bindings !== 'string') {
    return (line) => logger.info(line, 'request');
  }
  const level = pino.levels.values.info;
  return ({ req_id, method, path, status, ms }) => {
    if (!logger.isLevelEnabled('info')) return;
    stream.write(
      `{"level":${level},"time":${Date.now()}${bindings},"req_id":${JSON.stringify(req_id)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  };
}

/**
 * What may be logged of an unexpected error: a database error's message quotes its parameters
 * (e-mail addresses, names) after the first line, so only the first line, the name, the SQL state
 * and the stack frames are kept.
 */
export function describeError(value: unknown) {
  const error = value instanceof Error ? value : new Error(String(value));
  const cause = (error as { cause?: { code?: string } }).cause;
  return {
    err: error.message.split('\n')[0]!.slice(0, 200),
    name: error.name,
    sql_state: cause?.code,
    frames: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .slice(0, 8),
  };
}
