import { hash, verify } from '@node-rs/argon2';

/** OWASP password storage cheat sheet: argon2id, m=19 MiB, t=2, p=1. */
// algorithm 2 = Algorithm.Argon2id (a const enum, not importable under isolatedModules).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | null = null;

/** Verifies; with no stored hash it still spends the same time, so unknown emails are not revealed by timing. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('not-a-real-password');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
