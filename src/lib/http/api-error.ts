export interface ApiErrorDetail {
  readonly description: string;
  readonly message: string;
  readonly field?: string;
}

/** A failed API call, read from the failure envelope's first error (ARCHITECTURE.md contract). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The machine code (`errors[0].description`) the console branches on. */
    readonly description: string,
    /** The human text to show (`errors[0].message`). */
    message: string,
    /** The form field the error belongs to, when the server names one. */
    readonly field?: string,
    /** Every error of the envelope, for answers that list several (e.g. CSV rows). */
    readonly details: readonly ApiErrorDetail[] = [],
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Shown when the server's answer cannot be read (network failure, proxy page, 5xx HTML). */
export const GENERIC_ERROR_TEXT = 'Something went wrong. Try again after some time.';

/** Machine codes the client itself produces for answers without an envelope. */
export const clientErrorCodes = {
  NETWORK_ERROR: 'NETWORK_ERROR',
  BAD_RESPONSE: 'BAD_RESPONSE',
} as const;
