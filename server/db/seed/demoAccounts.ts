// Which demo accounts still sign in with the password the README and the start banner publish.
import bcrypt from 'bcryptjs';
import type { DemoAccount } from '../../config';
import type { Db } from '../client';
import { countOwners, findUserByEmail } from '../queries/users';
import { DEMO_OWNER, DEMO_USER } from './index';

export async function openDemoAccounts(db: Db): Promise<DemoAccount[]> {
  const candidates: DemoAccount[] = [
    { role: 'shopper', email: DEMO_USER.email, password: DEMO_USER.password },
    { role: 'owner', email: DEMO_OWNER.email, password: DEMO_OWNER.password },
  ];
  const open: DemoAccount[] = [];
  for (const account of candidates) {
    const user = await findUserByEmail(db, account.email);
    if (!user?.passwordHash || (account.role === 'owner' && user.role !== 'owner')) continue;
    if (await bcrypt.compare(account.password, user.passwordHash)) open.push(account);
  }
  return open;
}

/** Whether any account can run the back office as its owner (none: the start banner says how to make one). */
export async function hasOwner(db: Db): Promise<boolean> {
  return (await countOwners(db)) > 0;
}
