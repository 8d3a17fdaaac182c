import type { ApiErrorBody, CommonErrorCode, ValidationFailedData } from '../../contract/errors';

/**
 * An expected failure with a status and a stable code; the error handler answers it as
 * `{ code, message, data? }`. Anything else thrown becomes a 500 that reveals nothing.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly data: unknown;

  constructor(statusCode: number, code: CommonErrorCode | (string & {}), message: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.data = data;
  }

  toBody(): ApiErrorBody {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

export function validationFailed(data: ValidationFailedData): ApiError {
  return new ApiError(400, 'validation_failed', 'The request is not valid', data);
}

export function unauthorized(): ApiError {
  return new ApiError(401, 'unauthorized', 'Sign in to continue');
}
