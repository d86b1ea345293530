import type { Logger } from '../lib/logger';

/**
 * better-auth's messages (and the database errors it passes on) quote what the visitor sent:
 * e-mail addresses, names, tokens, user ids, SQL parameters. Everything it logs goes through
 * `scrubLogText` first; what could be personal is replaced, not masked partly.
 */
const RULES: [RegExp, string][] = [
  // A database error's parameter list and PostgreSQL's "Key (email)=(…)" details.
  [/\bparams?\s*:.*$/i, 'params: […]'],
  [/\bdetail\s*:.*$/i, 'detail: […]'],
  [/=\([^)]*\)/g, '=(…)'],
  // Free text after the labels better-auth puts before a visitor's input.
  [/\b(invalid [\w ]{1,40}?|existing email|for email|for user)\s*:\s.*$/i, '$1: […]'],
  // Quoted values: "…", `…` and '…' (an apostrophe inside a word is not a quote).
  [/"[^"]*"?/g, '"…"'],
  [/`[^`]*`?/g, '`…`'],
  [/(^|[^\p{L}])'[^']*'?/gu, "$1'…'"],
  // URLs keep their origin only: paths and query strings can carry tokens and addresses.
  [/\b(https?:\/\/[^/\s?#]+)[^\s]*/gi, '$1/…'],
  [/\?[^\s]*/g, '?…'],
  [/[^\s@<>()[\]{},;:/]+@[^\s@<>()[\]{},;:/]*/g, '[e-mail]'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '[id]'],
  // Tokens and generated ids: long runs of letters and digits with a digit or mixed case.
  [/[A-Za-z0-9_-]{16,}/g, '\u0000'],
  [/\d{5,}/g, '[number]'],
];

const TOKEN_MARK = '\u0000';

/** What may be logged of a better-auth message: its first line, without anything personal. */
export function scrubLogText(value: unknown): string {
  const firstLine = String(value ?? '').split(/\r?\n/)[0] ?? '';
  // Control characters (a NUL in a visitor's input) never reach the log.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
  let text = firstLine.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 500);
  for (const [pattern, replacement] of RULES) {
    if (replacement === TOKEN_MARK) {
      text = text.replace(pattern, (run) => (looksGenerated(run) ? '[token]' : run));
    } else {
      text = text.replace(pattern, replacement);
    }
  }
  return text.slice(0, 200);
}

function looksGenerated(run: string): boolean {
  return /\d/.test(run) || (/[a-z]/.test(run) && /[A-Z]/.test(run));
}

/** An error as it may be logged: its name, SQL state and a scrubbed first line of its message. */
export function describeAuthError(value: unknown) {
  if (!(value instanceof Error)) return { err: scrubLogText(value) };
  const cause = (value as { cause?: { code?: unknown } }).cause;
  return {
    err: scrubLogText(value.message),
    name: value.name,
    sql_state: typeof cause?.code === 'string' ? cause.code : undefined,
    // Scrubbed too: a message with a line break can put a visitor's input on an "at …" line.
    frames: value.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .slice(0, 8)
      .map((line) => scrubLogText(line.trim())),
  };
}

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

const AUTH_LEVELS: Record<string, AuthLogLevel> = {
  trace: 'debug',
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  error: 'error',
  fatal: 'error',
};

/**
 * better-auth's `logger` option: every message, at our logger's level, and the errors attached to
 * it go to our logger, scrubbed. Once `log` is given, better-auth writes nothing to the console.
 */
export function authLogOptions(logger: Logger) {
  return {
    disabled: logger.level === 'silent',
    level: AUTH_LEVELS[logger.level] ?? 'warn',
    log(level: AuthLogLevel, message: unknown, ...args: unknown[]) {
      const error = [message, ...args].find((arg) => arg instanceof Error);
      const fields = { source: 'auth', ...(error ? describeAuthError(error) : {}) };
      logger[level](fields, message instanceof Error ? 'error' : scrubLogText(message));
    },
  };
}
