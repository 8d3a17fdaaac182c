import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals payment details (personal data) for the database: AES-256-GCM with a random nonce, bound
 * to the owner's id, so a copied database, backup or log line shows nothing, and a sealed value
 * moved to another user's row does not open.
 */
export interface DetailsCipher {
  seal(ownerId: number, details: Readonly<Record<string, string>>): string;
  open(ownerId: number, sealed: string): Record<string, string>;
}

const version = 'v1';

/** The 32-byte key, derived from the deployment's secret (PAYMENT_DETAILS_KEY, else the bot token). */
export function detailsKeyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'kopilka', 'p2p payment details v1', 32));
}

export function detailsCipher(key: Buffer): DetailsCipher {
  const ownerData = (ownerId: number) => Buffer.from(`owner:${ownerId}`);
  return {
    seal(ownerId, details) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(ownerData(ownerId));
      const text = Buffer.concat([cipher.update(JSON.stringify(details), 'utf8'), cipher.final()]);
      return `${version}.${Buffer.concat([nonce, cipher.getAuthTag(), text]).toString('base64url')}`;
    },
    open(ownerId, sealed) {
      const [prefix, body] = sealed.split('.');
      if (prefix !== version || body === undefined) throw new Error('Unknown sealed payment details');
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
        .setAAD(ownerData(ownerId))
        .setAuthTag(bytes.subarray(12, 28));
      const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null) throw new Error('Sealed payment details are not an object');
      return Object.fromEntries(
        Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
    },
  };
}
