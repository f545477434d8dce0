import { mayChange, mayChangeCatalogue } from './client';

describe('mayChangeCatalogue', () => {
  it('is false for reads and for writes to tables the catalogue does not read', () => {
    expect(mayChangeCatalogue('select "id" from "products" where "id" = $1')).toBe(false);
    expect(mayChangeCatalogue('SELECT id FROM guest_carts WHERE token_hash = $1 FOR UPDATE')).toBe(false);
    expect(
      mayChangeCatalogue(
        'INSERT INTO cart_items (user_id) VALUES ($1) ON CONFLICT DO UPDATE SET updated_at = now()',
      ),
    ).toBe(false);
    expect(mayChangeCatalogue('update "api_tokens" set "last_used_at" = $1 where "id" = $2')).toBe(false);
    expect(
      mayChangeCatalogue(
        'WITH found AS (SELECT id FROM guest_carts) , touched AS (UPDATE guest_carts AS cart SET x = 1) SELECT id FROM found',
      ),
    ).toBe(false);
  });

  it('is true for writes to the catalogue, in any form, and for any statement it does not know', () => {
    expect(mayChangeCatalogue('update "products" set "stock_quantity" = $1 where "id" = $2')).toBe(true);
    expect(mayChangeCatalogue('insert into "reviews" ("product_id") values ($1)')).toBe(true);
    expect(mayChangeCatalogue('DELETE FROM product_images WHERE id = 1')).toBe(true);
    expect(
      mayChangeCatalogue(
        'WITH gone AS (DELETE FROM cart_items RETURNING product_id) UPDATE public.products SET sold_count = 1',
      ),
    ).toBe(true);
    expect(mayChangeCatalogue('TRUNCATE categories')).toBe(true);
    expect(mayChangeCatalogue('CREATE INDEX x ON products (id)')).toBe(true);
  });
});

describe('mayChange', () => {
  const sessions = new Set(['api_tokens', 'users']);

  it('sees writes to the tables given, however they are spelled', () => {
    expect(mayChange('delete from "api_tokens" where "id" = $1', sessions)).toBe(true);
    expect(mayChange('UPDATE public.users SET email_verified_at = NULL', sessions)).toBe(true);
    expect(mayChange('WITH gone AS (DELETE FROM users WHERE id = 1 RETURNING id) SELECT 1', sessions)).toBe(
      true,
    );
    expect(mayChange('insert into "api_tokens" ("user_id") values ($1)', sessions)).toBe(true);
    expect(mayChange('TRUNCATE api_tokens', sessions)).toBe(true);
  });

  it('lets reads and writes of other tables by', () => {
    expect(mayChange('select "id" from "api_tokens" inner join "users" on true', sessions)).toBe(false);
    expect(mayChange('update "cart_items" set "quantity" = $1, "updated_at" = $2', sessions)).toBe(false);
  });
});
