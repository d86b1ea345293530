import { ERRORS, type ErrorCode } from '../../shared/messages';

/** A failure the API reports as `{ error, code }` with the status and text of its code (`ERRORS`). */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }
}
