import { eq } from 'drizzle-orm';
import { guestCarts } from '../../db/schema';
import { plainProductWithStock } from '../../routes/testSupport';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { NotSignedIn } from '../errors';
import { addToCart } from './lines';
import { createGuestCart } from './owner';

jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

// The guest's token was looked up a moment ago; between that and the add, a sign-in merged the cart into the
// account (deleting it) or the expiry job removed it. The guest is told to start again (401), not a server error.
test('an add to a guest cart that went away after its token was checked answers as signed out', async () => {
  const productId = await plainProductWithStock(t.app, t.db, 5);
  const { guestCartId } = await createGuestCart(t.db);
  await t.db.delete(guestCarts).where(eq(guestCarts.id, guestCartId));
  await expect(
    addToCart(
      t.db,
      { guestCartId },
      { productId, quantity: 1, size: undefined, color: undefined, currency: 'KWD' },
      'en',
    ),
  ).rejects.toBeInstanceOf(NotSignedIn);
});
