import { describe, expect, it } from 'vitest';
import { addressFromPaymentLink, networksOfAddress } from '../../../src/app/lib/paymentAddress.ts';
import { interpretScannedCode } from '../../../src/app/lib/scannedCode.ts';
import { buildP2cQrLink } from '../../../src/contract/p2c-qr-link.ts';

const origin = 'https://wallet.example';

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
    expect(addressFromPaymentLink(scanned)).toBe(address);
  });
});

describe('the networks an address belongs to', () => {
  it.each([
    ['UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI', ['TON']],
    ['0QCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI', ['TON']],
    ['0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8', ['TON']],
    ['TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', ['TRX']],
    ['0x52908400098527886E0F7030069857D2E4169EE7', ['ETH', 'BSC']],
    ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', ['BTC']],
    ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', ['BTC']],
    ['ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea', ['LTC']],
    ['LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9', ['LTC']],
  ])('%s is an address of %j', (address, networks) => {
    expect(networksOfAddress(address)).toEqual(networks);
  });

  it.each([
    '',
    'hello',
    '0x5290840009852788',
    'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEB',
    'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS0',
  ])('%j is no address', (text) => {
    expect(networksOfAddress(text)).toEqual([]);
  });
});

describe('a scanned code', () => {
  it('opens withdraw to a wallet address inside a payment link', () => {
    expect(
      interpretScannedCode('ton://transfer/UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI?amount=1', origin),
    ).toEqual({
      kind: 'address',
      address: 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI',
      networks: ['TON'],
    });
  });

  it('follows a Telegram mini app link the way the deep link would', () => {
    expect(interpretScannedCode('https://t.me/kopilka_bot/app?startapp=passcode-abc123', origin)).toEqual({
      kind: 'path',
      path: '/passcode/abc123',
    });
    expect(interpretScannedCode('https://t.me/kopilka_bot?startapp=withdraw-TON', origin)).toEqual({
      kind: 'path',
      path: '/wallet/withdraw/TON',
    });
    expect(interpretScannedCode('tg://resolve?domain=kopilka_bot&startapp=qr-pay-42', origin)).toEqual({
      kind: 'path',
      path: '/qr-pay?id=42',
    });
  });

  it('follows a link to this wallet to its path, and no other site', () => {
    expect(interpretScannedCode('https://wallet.example/wallet/TON?back=%2F', origin)).toEqual({
      kind: 'path',
      path: '/wallet/TON?back=%2F',
    });
    expect(interpretScannedCode('https://evil.example/wallet/TON', origin)).toEqual({ kind: 'unknown' });
  });

  it('does not understand text, other sites or Telegram links without a start parameter', () => {
    expect(interpretScannedCode('Hello, world', origin)).toEqual({ kind: 'unknown' });
    expect(interpretScannedCode('https://t.me/durov', origin)).toEqual({ kind: 'unknown' });
  });
  it('opens a shop’s payment QR code in the QR payment flow only where P2C is on', () => {
    const nspk = buildP2cQrLink({
      type: 'nspk',
      id: 'AD10006M8KQ3B4NJ9H1PLV7R2TXS5CEF',
      codeKind: '02',
      bank: '100000000111',
      kopecks: 150000n,
    });
    expect(nspk).toMatch(
      /^https:\/\/qr\.nspk\.ru\/AD10006M8KQ3B4NJ9H1PLV7R2TXS5CEF\?type=02&bank=100000000111&sum=150000&cur=RUB&crc=[0-9A-F]{4}$/,
    );
    expect(interpretScannedCode(nspk, origin, { payCodes: true })).toEqual({
      kind: 'path',
      path: '/qr-pay?id=AD10006M8KQ3B4NJ9H1PLV7R2TXS5CEF',
    });
    expect(interpretScannedCode(nspk, origin)).toEqual({ kind: 'unknown' });
    expect(
      interpretScannedCode('http://qr.nspk.ru/AD10006M8KQ3B4NJ9H1PLV7R2TXS5CEF', origin, { payCodes: true }),
    ).toEqual({ kind: 'unknown' });
    expect(
      interpretScannedCode('https://qr.nspk.ru.evil.example/AD10006M8KQ3B4NJ', origin, { payCodes: true }),
    ).toEqual({ kind: 'unknown' });
  });
});
