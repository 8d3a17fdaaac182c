import { describe, expect, it } from 'vitest';
import {
  ApiCallError,
  isUnauthorized,
  messageAfterPrefix,
  normalizeApiError,
  toApiError,
  UnexpectedResponseError,
} from '../../../src/app/api/errors.ts';
import { HttpError, TimeoutError } from '../../../src/app/api/http.ts';

describe('error normalisation', () => {
  it('takes the message from a string body', () => {
    expect(normalizeApiError(502, 'Bad gateway')).toEqual({
      code: 502,
      message: 'Bad gateway',
      data: undefined,
      reason: null,
    });
  });

  it('takes the message field of a JSON body, with its data and stable code', () => {
    const body = { code: 'insufficient_funds', message: 'Not enough USDT', data: { available: '10' } };
    expect(normalizeApiError(409, body)).toEqual({
      code: 409,
      message: 'Not enough USDT',
      data: { available: '10' },
      reason: 'insufficient_funds',
    });
  });

  it('falls back to the error field when there is no message', () => {
    expect(normalizeApiError(400, { error: 'Bad Request' }).message).toBe('Bad Request');
  });

  it('prefers message over error when both are there', () => {
    expect(normalizeApiError(400, { message: 'Name is too long', error: 'Bad Request' }).message).toBe(
      'Name is too long',
    );
  });

  it('keeps only what follows the first ": "', () => {
    expect(normalizeApiError(400, { message: 'Withdraw: Address: invalid checksum' }).message).toBe(
      'Address: invalid checksum',
    );
    expect(normalizeApiError(400, 'Wallet: Not enough money').message).toBe('Not enough money');
    expect(messageAfterPrefix('time 10:30 is fine')).toBe('time 10:30 is fine');
  });

  it('gives an empty message when the body has none', () => {
    expect(normalizeApiError(500, undefined)).toEqual({ code: 500, message: '', data: undefined, reason: null });
    expect(normalizeApiError(500, { message: 42, error: null })).toEqual({
      code: 500,
      message: '',
      data: undefined,
      reason: null,
    });
    expect(normalizeApiError(500, ['a list'])).toEqual({ code: 500, message: '', data: undefined, reason: null });
  });

  it('ignores a code that is not a string', () => {
    expect(normalizeApiError(418, { code: 418, message: 'teapot' }).reason).toBeNull();
  });
});

describe('errors passed on', () => {
  it('are the normalised error of a failed call', () => {
    const error = new ApiCallError(
      normalizeApiError(403, { code: 'forbidden', message: 'Blocked: Account is locked' }),
    );
    expect(toApiError(error)).toEqual({
      code: 403,
      message: 'Account is locked',
      data: undefined,
      reason: 'forbidden',
    });
  });

  it('are normalised from the HTTP client’s own error too', () => {
    const response = new Response(null, { status: 404 });
    const error = new HttpError(response, { code: 'not_found', message: 'Invoice not found' });
    expect(toApiError(error)).toEqual({
      code: 404,
      message: 'Invoice not found',
      data: undefined,
      reason: 'not_found',
    });
  });

  it('do not exist when there was no response', () => {
    expect(toApiError(new TimeoutError('No answer within 15000 ms'))).toBeNull();
    expect(toApiError(new DOMException('aborted', 'AbortError'))).toBeNull();
    expect(toApiError(new TypeError('Failed to fetch'))).toBeNull();
  });

  it('say a broken answer is a bad gateway', () => {
    expect(toApiError(new UnexpectedResponseError('/health', null))?.code).toBe(502);
  });

  it('recognise a 401', () => {
    expect(isUnauthorized(new ApiCallError(normalizeApiError(401, { code: 'unauthorized', message: 'Sign in' })))).toBe(
      true,
    );
    expect(isUnauthorized(new ApiCallError(normalizeApiError(403, {})))).toBe(false);
    expect(isUnauthorized(new TypeError('Failed to fetch'))).toBe(false);
  });
});
