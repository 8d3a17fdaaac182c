import { randomInt } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 12 random letters and digits (71 bits): what the deep link `r-{hash}` carries. */
export function newInviteHash(): string {
  let hash = '';
  for (let index = 0; index < 12; index++) hash += alphabet[randomInt(alphabet.length)];
  return hash;
}
