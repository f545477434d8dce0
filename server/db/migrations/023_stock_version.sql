-- Stock moves a version of its own (issue 48). Every order takes stock (and a paid one counts the sale), so with one
-- version every order dropped every kept catalogue answer, the search's facet groups too, which group the whole
-- catalogue by category, brand, collection, rating and price and hold nothing of stock or sales.
--
-- * An update of products that changes only the stock columns (stock_quantity, the stock warnings, sold_count) moves
--   catalogue_stock_versions, not catalogue_versions; any other change of a product row (a column added later too:
--   the row is compared whole, less the stock columns) moves catalogue_versions as before. An update that changes
--   nothing moves neither. Inserts and deletes move catalogue_versions, as do the other tables of migration 015.
-- * The same rules as 015: once per transaction per version, at commit (deferred), 16 slots by backend.
-- * Readers (server/lib/catalogueChanges.ts) read both sums in one statement: a stock move drops what shows stock
--   (product answers, lists, rendered pages), a catalogue move drops everything.
CREATE TABLE catalogue_stock_versions (
  slot smallint PRIMARY KEY CHECK (slot BETWEEN 0 AND 15),
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO catalogue_stock_versions (slot) SELECT generate_series(0, 15);

-- The condition is an argument, so the transaction is marked only when the row counts (a WHEN of `a AND b` does not
-- promise which side PostgreSQL evaluates first).
CREATE FUNCTION shop_catalogue_first_write(counts boolean) RETURNS boolean
LANGUAGE plpgsql AS $fn$
BEGIN
  IF NOT counts THEN
    RETURN false;
  END IF;
  RETURN shop_catalogue_first_write();
END
$fn$;

CREATE FUNCTION shop_stock_first_write(counts boolean) RETURNS boolean
LANGUAGE plpgsql AS $fn$
BEGIN
  IF NOT counts OR current_setting('shop.stock_written', true) = 'yes' THEN
    RETURN false;
  END IF;
  PERFORM set_config('shop.stock_written', 'yes', true);
  RETURN true;
END
$fn$;

CREATE FUNCTION shop_stock_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE catalogue_stock_versions SET version = version + 1 WHERE slot = pg_backend_pid() % 16;
  RETURN NULL;
END
$fn$;

CREATE FUNCTION shop_product_beyond_stock(before products, after products) RETURNS boolean
LANGUAGE sql STABLE AS $fn$
  SELECT to_jsonb(before) - ARRAY['stock_quantity', 'stock_warning_en', 'stock_warning_ar', 'sold_count']
    IS DISTINCT FROM to_jsonb(after) - ARRAY['stock_quantity', 'stock_warning_en', 'stock_warning_ar', 'sold_count']
$fn$;

DROP TRIGGER products_catalogue_version ON products;

CREATE CONSTRAINT TRIGGER products_catalogue_version AFTER INSERT OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (shop_catalogue_first_write()) EXECUTE FUNCTION shop_catalogue_changed();

CREATE CONSTRAINT TRIGGER products_catalogue_version_updated AFTER UPDATE ON products
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (shop_catalogue_first_write(shop_product_beyond_stock(OLD, NEW)))
  EXECUTE FUNCTION shop_catalogue_changed();

CREATE CONSTRAINT TRIGGER products_stock_version AFTER UPDATE ON products
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (shop_stock_first_write(
    OLD.stock_quantity IS DISTINCT FROM NEW.stock_quantity
    OR OLD.stock_warning_en IS DISTINCT FROM NEW.stock_warning_en
    OR OLD.stock_warning_ar IS DISTINCT FROM NEW.stock_warning_ar
    OR OLD.sold_count IS DISTINCT FROM NEW.sold_count))
  EXECUTE FUNCTION shop_stock_changed();

-- TRUNCATE of products still moves catalogue_versions (migration 015's statement trigger): everything goes.
