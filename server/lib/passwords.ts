import bcrypt from 'bcryptjs';

export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

const dummyHashes = new Map<number, Promise<string>>();

/** Compares against a throw-away hash when no account exists, so a wrong e-mail costs as much as a wrong password. */
export async function burnPasswordCheck(password: string, cost: number): Promise<void> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) {
    dummy = bcrypt.hash('no account has this password', cost);
    dummyHashes.set(cost, dummy);
  }
  await bcrypt.compare(password, await dummy);
}
