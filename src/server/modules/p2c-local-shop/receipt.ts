import type { LocalCode } from './codes';

/**
 * The stand-in bank's receipt for a paid code as a one-page PDF, made on the fly: what a merchant
 * downloads from their bank and uploads as the payment's check. Its text is English: the PDF's
 * standard fonts carry no Cyrillic, and a real bank's receipt is not ours to translate anyway.
 */
export function localReceiptPdf(code: LocalCode & { readonly paidAt: Date }): Buffer {
  const [whole = '0', fraction = ''] = code.roubles.split('.');
  const lines: readonly (readonly [size: number, text: string])[] = [
    [16, 'Payment receipt'],
    [10, 'Local stand-in bank (Kopilka local mode)'],
    [11, ''],
    [11, `Paid to: ${code.payeeName}`],
    [11, `Payee bank: ${code.payeeBank}`],
    [11, `Amount: ${whole}.${fraction.padEnd(2, '0')} RUB`],
    [11, `QR code: ${code.id}`],
    [
      11,
      `Paid at: ${code.paidAt
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')}`,
    ],
    [11, 'Status: executed'],
  ];
  const text = lines
    .map(([size, line], index) => `BT /F1 ${size} Tf 40 ${300 - index * 22} Td (${pdfString(line)}) Tj ET`)
    .join('\n');
  return pdfDocument(text);
}

/** A PDF string literal's body: printable ASCII only, with its three special characters escaped. */
function pdfString(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (special) => `\\${special}`);
}

/** One A6-landscape page drawing `content` in Helvetica, with a correct cross-reference table. */
function pdfDocument(content: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 340] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
