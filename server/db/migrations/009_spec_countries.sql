-- docs/spec/02-shopping.md §9's sixteen country options with their currencies, for a shop seeded before they
-- were in the seed. A fresh database has no countries yet at this point (the seed runs after the migrations
-- and writes them all): nothing is added then. Countries and rates already there (a shop's own) are left as
-- they are.
INSERT INTO currency_rates (currency_code, rate_per_kwd, decimals)
SELECT v.currency_code, v.rate_per_kwd, v.decimals
FROM (VALUES
  ('GBP', 2.46, 2),
  ('SYP', 42300, 2),
  ('BDT', 396.5, 2),
  ('INR', 286.5, 2),
  ('PKR', 914, 2),
  ('ARS', 4550, 2),
  ('BRL', 17.6, 2),
  ('AUD', 4.98, 2),
  ('THB', 105.8, 2),
  ('PHP', 190.4, 2),
  ('TRY', 136.7, 2),
  ('UZS', 39050, 2)
) AS v (currency_code, rate_per_kwd, decimals)
WHERE EXISTS (SELECT 1 FROM countries)
ON CONFLICT (currency_code) DO NOTHING;

INSERT INTO countries (name_en, name_ar, iso2, iso3, dial_code, currency_code, sort_order)
SELECT v.name_en, v.name_ar, v.iso2, v.iso3, v.dial_code, v.currency_code,
  (SELECT coalesce(max(sort_order), 0) FROM countries) + v.position
FROM (VALUES
  ('Syria', 'سوريا', 'SY', 'SYR', '+963', 'SYP', 1),
  ('United Kingdom', 'المملكة المتحدة', 'GB', 'GBR', '+44', 'GBP', 2),
  ('Bangladesh', 'بنغلاديش', 'BD', 'BGD', '+880', 'BDT', 3),
  ('India', 'الهند', 'IN', 'IND', '+91', 'INR', 4),
  ('Finland', 'فنلندا', 'FI', 'FIN', '+358', 'EUR', 5),
  ('Pakistan', 'باكستان', 'PK', 'PAK', '+92', 'PKR', 6),
  ('Argentina', 'الأرجنتين', 'AR', 'ARG', '+54', 'ARS', 7),
  ('Brazil', 'البرازيل', 'BR', 'BRA', '+55', 'BRL', 8),
  ('Australia', 'أستراليا', 'AU', 'AUS', '+61', 'AUD', 9),
  ('Thailand', 'تايلاند', 'TH', 'THA', '+66', 'THB', 10),
  ('Philippines', 'الفلبين', 'PH', 'PHL', '+63', 'PHP', 11),
  ('Turkey', 'تركيا', 'TR', 'TUR', '+90', 'TRY', 12),
  ('Uzbekistan', 'أوزبكستان', 'UZ', 'UZB', '+998', 'UZS', 13)
) AS v (name_en, name_ar, iso2, iso3, dial_code, currency_code, position)
WHERE EXISTS (SELECT 1 FROM countries)
  AND NOT EXISTS (SELECT 1 FROM countries c WHERE c.iso3 = v.iso3);
