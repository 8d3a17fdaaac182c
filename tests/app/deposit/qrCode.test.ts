/** The QR code's SVG path: one rectangle per run of dark modules in a row. */
import { describe, expect, it } from 'vitest';
import { qrPath } from '../../../src/app/ui/QrCode.tsx';

describe('the QR code path', () => {
  it('draws each run of dark modules of a row as one rectangle', () => {
    expect(
      qrPath([
        [true, true, false, true],
        [false, false, false, false],
        [false, true, true, true],
      ]),
    ).toBe('M0 0h2v1h-2zM3 0h1v1h-1zM1 2h3v1h-3z');
  });

  it('draws nothing for a light matrix', () => {
    expect(qrPath([[false, false]])).toBe('');
  });
});
