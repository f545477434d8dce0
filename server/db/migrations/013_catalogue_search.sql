-- Search, filters, facets and paging answered by the database a page at a time (issue 48). What search needs is
-- derived here, inside PostgreSQL, so a product written by SQL (a migration script, a restored backup) is found at
-- once: a generated column of normalised text with a trigram index, the price a shopper pays as a generated column,
-- and the rating kept by a trigger on reviews.

-- pg_trgm lives in `public` (one copy per database; PGlite loads the same extension): every use below names it.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

-- What a shopper types and what a product is called, reduced to one spelling: lower case; Arabic letter forms
-- (أ إ آ ٱ → ا, ى → ي, ة → ه, ؤ → و, ئ → ي), tatweel and diacritics removed; Arabic-Indic and Persian digits as 0-9;
-- punctuation as spaces; the article (ال, وال, بال, لل) dropped from the front of a word; English plurals to their
-- singular (ies → y; ses/shes/ches/xes/zes → without es; a final s). Queries go through the same function.
CREATE FUNCTION shop_search_normalize(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    translate(lower(coalesce(input, '')),
      'أإآٱىةؤئ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹' || chr(1600) || chr(1611) || chr(1612) || chr(1613) || chr(1614)
        || chr(1615) || chr(1616) || chr(1617) || chr(1618) || chr(1648),
      'اااايهوي01234567890123456789'),
    '[^[:alnum:]]+', ' ', 'g'),
    '(^| )(ال|وال|بال|لل)([^ ]{2,})', '\1\3', 'g'),
    '([a-z]{2,})ies( |$)', '\1y\2', 'g'),
    '([a-z]{2,}(ss|sh|ch|x|z))es( |$)', '\1\3', 'g'),
    '([a-z]{2,}[^s ])s( |$)', '\1\2', 'g'));
$fn$;

ALTER TABLE products
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    shop_search_normalize(name_en || ' ' || name_ar)
  ) STORED,
  ADD COLUMN effective_price numeric(12, 3) GENERATED ALWAYS AS (
    CASE WHEN discounted_price IS NOT NULL AND discounted_price < price THEN discounted_price ELSE price END
  ) STORED;

CREATE INDEX products_search_text_trgm_idx ON products USING gin (search_text public.gin_trgm_ops);
CREATE INDEX products_effective_price_idx ON products (effective_price);
CREATE INDEX products_brand_idx ON products (brand);
CREATE INDEX products_created_idx ON products (created_at DESC, id DESC);
CREATE INDEX products_rating_idx ON products (rating DESC, id);

-- products.rating is the mean of the product's approved reviews, kept by the database whoever writes a review.
CREATE FUNCTION shop_refresh_product_rating(product integer) RETURNS void
LANGUAGE sql AS $fn$
  UPDATE products SET rating = coalesce((
    SELECT round(avg(rating), 1) FROM reviews WHERE product_id = product AND status = 'approved'
  ), 0) WHERE id = product;
$fn$;

CREATE FUNCTION shop_reviews_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM shop_refresh_product_rating(NEW.product_id);
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.product_id <> NEW.product_id) THEN
    PERFORM shop_refresh_product_rating(OLD.product_id);
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER reviews_product_rating AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION shop_reviews_changed();

UPDATE products SET rating = coalesce((
  SELECT round(avg(r.rating), 1) FROM reviews r WHERE r.product_id = products.id AND r.status = 'approved'
), 0);
