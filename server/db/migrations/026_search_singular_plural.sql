-- A singular and its plural fold to one word (issue 48): 013 folded plurals only (hoodies → hoody, sizes → siz,
-- niches → nich), so a product named with one did not answer a search for the other (hoodie, size, niche). Now the
-- endings both forms share go as well: -ies and a final -ie or -y as -i (hoodies, hoodie → hoodi; bodies, body →
-- bodi), -es and a final -e after ss, sh, ch, x or z (sizes, size → siz; dresses, dress → dress), and a final -s
-- (perfumes → perfume), in that order. And a hamza or madda written as a mark of its own after the letter (U+0653-
-- U+0655, as some keyboards and pasted text have it) goes as the diacritics do, so ا + ٔ reads as أ does (as ا). The
-- rest is 013's: lower case, Arabic letter forms, tatweel and diacritics, Arabic-Indic digits, punctuation as spaces,
-- the article. Queries go through the same function.
CREATE OR REPLACE FUNCTION shop_search_normalize(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    regexp_replace(
    translate(lower(coalesce(input, '')),
      'أإآٱىةؤئ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹' || chr(1600) || chr(1611) || chr(1612) || chr(1613) || chr(1614)
        || chr(1615) || chr(1616) || chr(1617) || chr(1618) || chr(1648) || chr(1619) || chr(1620) || chr(1621),
      'اااايهوي01234567890123456789'),
    '[^[:alnum:]]+', ' ', 'g'),
    '(^| )(ال|وال|بال|لل)([^ ]{2,})', '\1\3', 'g'),
    '([a-z]{2,})ies( |$)', '\1i\2', 'g'),
    '([a-z]{2,}(ss|sh|ch|x|z))es( |$)', '\1\3', 'g'),
    '([a-z]{2,}[^s ])s( |$)', '\1\2', 'g'),
    '([a-z]{2,})(ie|y)( |$)', '\1i\3', 'g'),
    '([a-z]{2,}(ss|sh|ch|x|z))e( |$)', '\1\3', 'g'));
$fn$;

-- The names normalised again: an update of a row computes its stored generated columns anew (search_text, and the
-- trigram index with it). Stock and sales are not touched, so no stock version moves; the catalogue's does once.
UPDATE products SET name_en = name_en;

-- The vocabulary of the names as they are now normalised (words are otherwise only added).
DELETE FROM search_words;
INSERT INTO search_words (word)
  SELECT DISTINCT word FROM products, unnest(string_to_array(products.search_text, ' ')) AS word WHERE word <> ''
ON CONFLICT DO NOTHING;
