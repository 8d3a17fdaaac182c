import type { InjectOptions } from 'fastify';

/** A text field or a file of a multipart/form-data body. */
export type FormPart =
  | { readonly name: string; readonly value: string }
  | { readonly name: string; readonly filename: string; readonly contentType?: string; readonly content: Uint8Array };

const boundary = '----kopilka-test-boundary-7MA4YWxkTrZu0gW';

/**
 * A multipart/form-data body written by hand, byte for byte as a browser sends it, so the tests
 * control every part (a second file, a missing one, a lying name or Content-Type).
 */
export function multipartBody(parts: readonly FormPart[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.from(part.content),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The inject options of a signed-in (bearer) multipart POST. */
export function multipartPost(url: string, token: string | null, parts: readonly FormPart[]): InjectOptions {
  return {
    method: 'POST',
    url,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    payload: multipartBody(parts),
  };
}

/** The first bytes of real files of each kind, padded to a small file. */
const pad = (head: readonly number[], size = 256): Uint8Array => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return bytes;
};
const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

export const sampleFiles = {
  png: pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, ...ascii('IHDR')]),
  jpeg: pad([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF')]),
  webp: pad([...ascii('RIFF'), 0xf8, 0x00, 0x00, 0x00, ...ascii('WEBPVP8 ')]),
  heic: pad([0x00, 0x00, 0x00, 0x18, ...ascii('ftypheic'), 0x00, 0x00, 0x00, 0x00]),
  pdf: pad(ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n')),
  /** A Windows executable (MZ header), whatever name it is given. */
  exe: pad([...ascii('MZ'), 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]),
  /** A Linux executable (ELF header). */
  elf: pad([0x7f, ...ascii('ELF'), 0x02, 0x01, 0x01, 0x00]),
} as const;
