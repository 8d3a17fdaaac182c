import { describe, expect, it } from 'vitest';
import { ApiCallError, normalizeApiError } from '../../../src/app/api/errors.ts';
import { toWithdrawalFailure } from '../../../src/app/features/withdraw/withdraw.ts';

describe('a failed withdrawal call as the machine reads it', () => {
  it('keeps the status, the server’s code and its data', () => {
    const thrown = new ApiCallError(
      normalizeApiError(422, { code: 'insufficient_funds', message: 'No', data: { available: '1', fee: '2' } }),
    );
    expect(toWithdrawalFailure(thrown)).toEqual({
      status: 422,
      code: 'insufficient_funds',
      data: { available: '1', fee: '2' },
    });
  });

  it('has no status and no code without an answer', () => {
    expect(toWithdrawalFailure(new TypeError('Failed to fetch'))).toEqual({ status: null, code: null });
  });
});
