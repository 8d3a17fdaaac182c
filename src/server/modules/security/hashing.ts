import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its defaults (19 MiB, 2 passes). */
export function hashSecret(secret: string): Promise<string> {
  return hash(secret);
}

export async function verifySecret(hashed: string, secret: string): Promise<boolean> {
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
}
