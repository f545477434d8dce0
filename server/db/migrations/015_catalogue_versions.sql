-- The catalogue's version (issue 48): every server instance keeps its product answers until this moves, and reads
-- it at most every few hundred milliseconds (server/lib/catalogueChanges.ts), so a change made anywhere — another
-- instance, an order taking stock, a background job, a script or psql writing the tables directly — reaches every
-- instance's answers within that bound.
--
-- * Every committed transaction that writes a table a product answer is read from (products, categories,
--   product_images, product_attribute_values, reviews, currency_rates) adds one to one slot; a reader compares the
--   sum of the slots.
-- * The add runs at commit (a deferred constraint trigger), so the new sum becomes visible together with the rows
--   it stands for: a reader that sees it reads them. Rolled-back writes move nothing.
-- * Once per transaction however many rows it writes: the trigger's WHEN marks the transaction (a setting local
--   to it; a rolled-back savepoint takes its mark and its queued event back together).
-- * Sixteen slots, chosen by the backend's process id: concurrent commits (orders taking stock) seldom wait on one
--   row; the sum still grows with every commit.
CREATE TABLE catalogue_versions (
  slot smallint PRIMARY KEY CHECK (slot BETWEEN 0 AND 15),
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO catalogue_versions (slot) SELECT generate_series(0, 15);

CREATE FUNCTION shop_catalogue_first_write() RETURNS boolean
LANGUAGE plpgsql AS $fn$
BEGIN
  IF current_setting('shop.catalogue_written', true) = 'yes' THEN
    RETURN false;
  END IF;
  PERFORM set_config('shop.catalogue_written', 'yes', true);
  RETURN true;
END
$fn$;

CREATE FUNCTION shop_catalogue_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE catalogue_versions SET version = version + 1 WHERE slot = pg_backend_pid() % 16;
  RETURN NULL;
END
$fn$;

DO $triggers$
DECLARE
  catalogue_table text;
BEGIN
  FOREACH catalogue_table IN ARRAY ARRAY[
    'products', 'categories', 'product_images', 'product_attribute_values', 'reviews', 'currency_rates'
  ] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED
         FOR EACH ROW WHEN (shop_catalogue_first_write()) EXECUTE FUNCTION shop_catalogue_changed()',
      catalogue_table || '_catalogue_version', catalogue_table);
    -- TRUNCATE has no row trigger: it counts at once (it locks the whole table anyway).
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed()',
      catalogue_table || '_catalogue_truncated', catalogue_table);
  END LOOP;
END
$triggers$;
