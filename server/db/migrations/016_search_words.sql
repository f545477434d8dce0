-- The catalogue's vocabulary (issue 48): every word of the products' normalised names, kept by the database. A
-- mistyped word is first compared with these words (a few thousand, where a product's name is compared with the
-- word in each of 100 000 rows), and the search then looks for the words it is close to through the trigram index
-- of products.search_text, as for words typed right. Kept by triggers, so products written by SQL (a merchant's
-- script, a restored backup) are in it at once, as search_text is.
--
-- Words are added, never removed: a word whose products went matches nothing, which the search already allows for.
CREATE TABLE search_words (
  word text PRIMARY KEY
);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word public.gin_trgm_ops);

-- Bulk writes (the seed, a CSV import) add their words once per statement, not once per row.
CREATE FUNCTION shop_search_words_inserted() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT word FROM new_products, unnest(string_to_array(new_products.search_text, ' ')) AS word
    WHERE word <> ''
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER products_search_words_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION shop_search_words_inserted();

-- A renamed product (rare, one row at a time): only when a name changed, so stock taken by orders costs nothing.
CREATE FUNCTION shop_search_words_renamed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT word FROM unnest(string_to_array(NEW.search_text, ' ')) AS word WHERE word <> ''
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER products_search_words_renamed AFTER UPDATE OF name_en, name_ar ON products
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION shop_search_words_renamed();

INSERT INTO search_words (word)
  SELECT DISTINCT word FROM products, unnest(string_to_array(products.search_text, ' ')) AS word WHERE word <> ''
ON CONFLICT DO NOTHING;

-- A price limit without words: the facets count the matches by price band (queries/catalogSearch.ts), and the
-- products of the one or two bands a limit cuts through are read from this index, without visiting the table. It
-- orders by price as the plain index did.
CREATE INDEX products_price_groups_idx ON products (effective_price)
  INCLUDE (category_id, brand, collection_en, collection_ar, rating);
DROP INDEX products_effective_price_idx;
