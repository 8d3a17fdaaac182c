import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded bytes live, by random key. The disk store serves one server; several servers
 * need a shared store (an S3-compatible bucket, see docs/verification.md) behind this same
 * interface. Keys are made by {@link newStorageKey}, never from anything the client sent.
 */
export interface FileStore {
  /** Stores the stream under the key; when the stream fails, nothing is left under the key. */
  put(key: string, content: Readable): Promise<void>;
  /** The stored bytes; throws when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Removes the key's bytes; a missing key is not an error. */
  remove(key: string): Promise<void>;
}

/** 128 random bits as hex: a storage key that says nothing about its owner or its file. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

const storageKeyPattern = /^[0-9a-f]{32}$/;

function checkedKey(key: string): string {
  // Keys are ours, but a key that could climb out of the folder is refused all the same.
  if (!storageKeyPattern.test(key)) throw new Error('Not a storage key');
  return key;
}

/**
 * Files in one folder (DATA_DIR/uploads), owner-only permissions, written to a `.partial` name
 * and renamed when complete, so a half-written upload is never read as a file.
 */
export function diskFileStore(folder: string): FileStore {
  let ready: Promise<unknown> | null = null;
  const ensureFolder = () => {
    ready ??= mkdir(folder, { recursive: true, mode: 0o700 });
    return ready;
  };
  const pathOf = (key: string) => join(folder, checkedKey(key));
  return {
    put: async (key, content) => {
      await ensureFolder();
      const target = pathOf(key);
      const partial = `${target}.partial`;
      try {
        await pipeline(content, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    get: async (key) => {
      const stream = createReadStream(pathOf(key));
      // Opening fails asynchronously: wait for it, so a missing file throws here, not mid-answer.
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
      return stream;
    },
    remove: async (key) => {
      await rm(pathOf(key), { force: true });
    },
  };
}
