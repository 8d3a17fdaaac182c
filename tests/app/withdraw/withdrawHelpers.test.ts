import { describe, expect, it } from 'vitest';
import { ApiCallError, normalizeApiError } from '../../../src/app/api/errors.ts';
import { addressFromQr } from '../../../src/app/features/withdraw/addressBook.ts';
import { toWithdrawalFailure } from '../../../src/app/features/withdraw/withdraw.ts';

describe('the address in a scanned QR code', () => {
  it.each([
    ['TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'],
    [' tron:TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE?amount=5 ', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'],
    ['ethereum:0x52908400098527886E0F7030069857D2E4169EE7@1', '0x52908400098527886E0F7030069857D2E4169EE7'],
    [
      'ton://transfer/UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI?amount=1',
      'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI',
    ],
    ['bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.1', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    [
      '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8',
      '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8',
    ],
  ])('reads %s as %s', (scanned, address) => {
    expect(addressFromQr(scanned)).toBe(address);
  });
});

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
