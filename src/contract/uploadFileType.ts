import type { uploadMediaTypes } from './compliance';

export type UploadMediaType = (typeof uploadMediaTypes)[number];

/** How many leading bytes `uploadMediaTypeOf` needs to recognise every accepted type. */
export const uploadSignatureBytes = 16;

const ascii = (text: string): number[] => [...text].map((character) => character.charCodeAt(0));

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, index) => bytes[at + index] === byte);
}

/**
 * HEIF brands of still images Apple and Android cameras write (`ftyp` box at offset 4, its major
 * brand at 8). AVIF (`avif`) is not among them: it is a different codec the server does not take.
 */
const heicBrands = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];

/**
 * The accepted type of a file by its first bytes (at least {@link uploadSignatureBytes} of them),
 * whatever its name or the browser's guess says; null when it is none of them. The same rule
 * holds on the client (a clear error before sending) and on the server (the check that counts).
 */
export function uploadMediaTypeOf(bytes: Uint8Array): UploadMediaType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('ftyp'), 4) && heicBrands.some((brand) => startsWith(bytes, ascii(brand), 8))) {
    return 'image/heic';
  }
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
}
