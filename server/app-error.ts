import { errorCodes, type ErrorCode } from '../src/domain/api/envelope';

const statusByCode: Partial<Record<ErrorCode, number>> = {
  [errorCodes.VALIDATION_FAILED]: 400,
  [errorCodes.TOKEN_EXPIRED]: 401,
  [errorCodes.NOT_AUTHORIZED]: 401,
  [errorCodes.REFRESH_TOKEN_EXPIRED]: 401,
  [errorCodes.INVALID_CREDENTIALS]: 401,
  [errorCodes.CSRF_INVALID]: 403,
  [errorCodes.FORBIDDEN]: 403,
  [errorCodes.ACCOUNT_CANCELLED_STATUS]: 403,
  [errorCodes.NOT_FOUND]: 404,
  [errorCodes.CONFLICT]: 409,
  [errorCodes.PLAN_USER_LIMIT]: 409,
  [errorCodes.RULE_FAILED]: 422,
  [errorCodes.RATE_LIMITED]: 429,
  [errorCodes.INTERNAL_ERROR]: 500,
};

/**
 * The one error type routes and services throw. The error handler turns it into the envelope
 * `{code, status: "ERROR", errors: [{description, message, field}]}`.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode | (string & {}),
    message: string,
    options: { status?: number; field?: string } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = options.status ?? statusByCode[code as ErrorCode] ?? 400;
    this.field = options.field;
  }
  readonly field: string | undefined;
}

/** A value the request may send but that breaks a rule no schema states (HTTP 422). */
export const ruleFailed = (message: string, field?: string) =>
  new AppError(errorCodes.RULE_FAILED, message, field === undefined ? {} : { field });

/** A value another record already holds (HTTP 409). */
export const conflict = (message: string, field?: string) =>
  new AppError(errorCodes.CONFLICT, message, field === undefined ? {} : { field });
