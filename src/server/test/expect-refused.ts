import { expect } from 'vitest';

/** The body of an API refusal: `{ error, code }`, plus whatever else the refusal carries. */
export type RefusalBody = { error: string; code: string } & Record<string, unknown>;

/**
 * Asserts that `response` is the refusal `{ error, code }` with this status and code, and, when
 * given, this error text (`options` as a string, or `{ error }`). Reads the body once, from a clone,
 * so the caller can still read it; on a mismatch the message shows `label` and the whole body.
 * Returns the parsed body.
 */
export async function expectRefused(
  response: Response,
  status: number,
  code: string,
  options: string | { error?: string; label?: string } = {},
): Promise<RefusalBody> {
  const { error, label } = typeof options === 'string' ? { error: options, label: undefined } : options;
  const text = await response.clone().text();
  let body: RefusalBody | undefined;
  try {
    body = JSON.parse(text) as RefusalBody;
  } catch {
    body = undefined;
  }
  const message = `${label ? `${label}: ` : ''}refusal body: ${text}`;
  const actual = { status: response.status, code: body?.code, errorIsText: typeof body?.error === 'string' };
  expect(actual, message).toEqual({ status, code, errorIsText: true });
  if (error !== undefined) expect(body?.error, message).toBe(error);
  return body as RefusalBody;
}
