import { randomInt } from 'node:crypto';

// Generated market usernames: Adjective + Animal + two or three digits, e.g. "CalmOtter482".
// Every word is at most 6 letters, so a name is 8–15 characters and always starts with a letter
// (the format of src/contract/p2p-profile.ts). The words are plain and kind on purpose: a name
// someone did not choose must not embarrass them.

const adjectives = [
  'Agile',
  'Amber',
  'Brave',
  'Bright',
  'Calm',
  'Clever',
  'Cosy',
  'Crisp',
  'Eager',
  'Fair',
  'Fancy',
  'Fleet',
  'Frank',
  'Fresh',
  'Gentle',
  'Glad',
  'Golden',
  'Grand',
  'Happy',
  'Honest',
  'Jolly',
  'Keen',
  'Kind',
  'Lively',
  'Lucky',
  'Merry',
  'Mighty',
  'Misty',
  'Noble',
  'Polite',
  'Proud',
  'Quick',
  'Quiet',
  'Rapid',
  'Ready',
  'Silver',
  'Smart',
  'Snowy',
  'Solid',
  'Steady',
  'Sunny',
  'Swift',
  'Tidy',
  'True',
  'Witty',
  'Wise',
  'Young',
  'Zesty',
] as const;

const animals = [
  'Badger',
  'Beaver',
  'Bison',
  'Camel',
  'Crane',
  'Eagle',
  'Falcon',
  'Ferret',
  'Finch',
  'Fox',
  'Gecko',
  'Heron',
  'Ibex',
  'Koala',
  'Lark',
  'Lemur',
  'Lion',
  'Llama',
  'Lynx',
  'Marten',
  'Moose',
  'Narwal',
  'Ocelot',
  'Orca',
  'Otter',
  'Owl',
  'Panda',
  'Parrot',
  'Puffin',
  'Quail',
  'Rabbit',
  'Raven',
  'Robin',
  'Salmon',
  'Seal',
  'Stork',
  'Swan',
  'Tiger',
  'Toucan',
  'Walrus',
  'Whale',
  'Wolf',
  'Wombat',
  'Yak',
  'Zebra',
] as const;

function pick<T>(words: readonly T[]): T {
  const word = words[randomInt(words.length)];
  if (word === undefined) throw new Error('Cannot pick from an empty word list');
  return word;
}

/** A fresh random username; the caller retries with another one when it is taken. */
export function generateUsername(): string {
  return `${pick(adjectives)}${pick(animals)}${randomInt(10, 1000)}`;
}

/**
 * Parts of a name that would pass its holder off as staff to a counterparty: refused in any case
 * and anywhere in the name (422 WRONG_USERNAME; the availability check calls them taken).
 */
const reservedParts = ['admin', 'kopilka', 'moderator', 'official', 'security', 'support', 'telegram'] as const;

export function isReservedUsername(username: string): boolean {
  const lower = username.toLowerCase();
  return reservedParts.some((part) => lower.includes(part));
}
