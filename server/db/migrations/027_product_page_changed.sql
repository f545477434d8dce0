-- When what a product's page shows last changed (issue 49: a sitemap's `lastmod` from the data). The sitemaps gave
-- the product's creation date, so a search engine was never told that a price, a name, a picture or the reviews had
-- changed. Kept by the database, so a write by SQL (a merchant's script, a restore) counts as the shop's own do:
--
-- * An update of a product that changes what its page shows sets page_changed_at to the transaction's time: any column
--   but the stock's figures (stock_quantity, the stock warnings, sold_count), which move with every order; a product
--   going out of stock or coming back does count (its page and structured data say so). The generated columns are
--   left out of the comparison: they are derived from the others and not yet computed in a BEFORE trigger.
-- * A change of its pictures, its sizes and colours, or its approved reviews sets it too: once per statement, and not
--   again for a product already set in the same transaction (a new product's parts, an import's product and its
--   pictures), so an import writes each product once more at most.
-- * Rows from before this migration have none: readers take created_at then (no rewrite of the table, whose generated
--   columns would be computed again for every row).
ALTER TABLE products ADD COLUMN page_changed_at timestamptz;
ALTER TABLE products ALTER COLUMN page_changed_at SET DEFAULT now();

-- The stock version's rule (migration 023) leaves the new column out: a product's parts changing moves the catalogue
-- version through their own tables, and a product selling out moves the stock version only, as before.
CREATE OR REPLACE FUNCTION shop_product_beyond_stock(before products, after products) RETURNS boolean
LANGUAGE sql STABLE AS $fn$
  SELECT to_jsonb(before) - ARRAY['stock_quantity', 'stock_warning_en', 'stock_warning_ar', 'sold_count', 'page_changed_at']
    IS DISTINCT FROM to_jsonb(after) - ARRAY['stock_quantity', 'stock_warning_en', 'stock_warning_ar', 'sold_count', 'page_changed_at']
$fn$;

CREATE FUNCTION shop_product_page_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  unshown text[] := ARRAY['stock_quantity', 'stock_warning_en', 'stock_warning_ar', 'sold_count', 'search_text',
    'effective_price', 'page_changed_at'];
BEGIN
  IF NEW.page_changed_at IS NOT DISTINCT FROM OLD.page_changed_at
    AND ((OLD.stock_quantity > 0) <> (NEW.stock_quantity > 0)
      OR to_jsonb(OLD) - unshown IS DISTINCT FROM to_jsonb(NEW) - unshown) THEN
    NEW.page_changed_at := now();
  END IF;
  RETURN NEW;
END
$fn$;

CREATE TRIGGER products_page_changed BEFORE UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION shop_product_page_changed();

-- The products a statement on one of their parts touched (the transition tables of the statement's rows).
CREATE FUNCTION shop_product_parts_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE products SET page_changed_at = now()
      WHERE id IN (SELECT product_id FROM old_parts) AND page_changed_at IS DISTINCT FROM now();
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE products SET page_changed_at = now()
      WHERE id IN (SELECT product_id FROM new_parts) AND page_changed_at IS DISTINCT FROM now();
  END IF;
  RETURN NULL;
END
$fn$;

-- Only approved reviews show: one written, held or rejected changes no page.
CREATE FUNCTION shop_product_reviews_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE products SET page_changed_at = now()
      WHERE id IN (SELECT product_id FROM new_parts WHERE status = 'approved')
        AND page_changed_at IS DISTINCT FROM now();
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE products SET page_changed_at = now()
      WHERE id IN (SELECT product_id FROM old_parts WHERE status = 'approved')
        AND page_changed_at IS DISTINCT FROM now();
  ELSE
    UPDATE products SET page_changed_at = now()
      WHERE id IN (
          SELECT unnest(ARRAY[was.product_id, now_is.product_id])
          FROM old_parts AS was JOIN new_parts AS now_is ON now_is.id = was.id
          WHERE (was.status = 'approved' OR now_is.status = 'approved')
            AND (was.status, was.rating, was.review, was.user_name, was.product_id)
              IS DISTINCT FROM (now_is.status, now_is.rating, now_is.review, now_is.user_name, now_is.product_id))
        AND page_changed_at IS DISTINCT FROM now();
  END IF;
  RETURN NULL;
END
$fn$;

-- A trigger with transition tables fires for one kind of statement.
CREATE TRIGGER product_images_added AFTER INSERT ON product_images
  REFERENCING NEW TABLE AS new_parts FOR EACH STATEMENT EXECUTE FUNCTION shop_product_parts_changed();
CREATE TRIGGER product_images_changed AFTER UPDATE ON product_images
  REFERENCING OLD TABLE AS old_parts NEW TABLE AS new_parts FOR EACH STATEMENT EXECUTE FUNCTION shop_product_parts_changed();
CREATE TRIGGER product_images_removed AFTER DELETE ON product_images
  REFERENCING OLD TABLE AS old_parts FOR EACH STATEMENT EXECUTE FUNCTION shop_product_parts_changed();

CREATE TRIGGER product_attribute_values_added AFTER INSERT ON product_attribute_values
  REFERENCING NEW TABLE AS new_parts FOR EACH STATEMENT EXECUTE FUNCTION shop_product_parts_changed();
CREATE TRIGGER product_attribute_values_changed AFTER UPDATE ON product_attribute_values
  REFERENCING OLD TABLE AS old_parts NEW TABLE AS new_parts FOR EACH STATEMENT EXECUTE FUNCTION shop_product_parts_changed();
CREATE TRIGGER product_attribute_values_removed AFTER DELETE ON product_attribute_values
  REFERENCING OLD TABLE AS old_parts FOR EACH STATEMENT EXECUTE FUNCTION shop_product_parts_changed();

CREATE TRIGGER reviews_added AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_parts FOR EACH STATEMENT EXECUTE FUNCTION shop_product_reviews_changed();
CREATE TRIGGER reviews_changed AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_parts NEW TABLE AS new_parts FOR EACH STATEMENT EXECUTE FUNCTION shop_product_reviews_changed();
CREATE TRIGGER reviews_removed AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_parts FOR EACH STATEMENT EXECUTE FUNCTION shop_product_reviews_changed();
