import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { hash, verify } from '@node-rs/argon2';

/** Length rules of OWASP ASVS 2.1: at least 8, and long passphrases welcome up to 128. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2ID = 2;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const COMMON = new Set(
  readFileSync(resolve(import.meta.dirname, 'common-passwords.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l && !l.startsWith('#')),
);

export type PasswordProblem = 'short' | 'long' | 'common' | 'personal';

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, personal: readonly string[] = []): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return 'short';
  if (length > PASSWORD_MAX) return 'long';
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'common';
  // A password that is (or is built only around) the phone or ID number is guessed first.
  for (const value of personal) if (value && lower.includes(value.toLowerCase())) return 'personal';
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS as never);
}

/** A fixed hash verified when no account matches, so a wrong name takes as long as a wrong password. */
let decoy: Promise<string> | null = null;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword('decoy-password-never-matches');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
