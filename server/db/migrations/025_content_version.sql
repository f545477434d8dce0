-- What a rendered page shows besides the catalogue moves a version of its own (issue 48). Every public page the
-- server renders carries the footer's about texts, and home carries the slides and the coupons' list; an instance
-- kept such a page for up to five minutes after a coupon was withdrawn on another instance (or a slide or a policy
-- page was changed by SQL), because nothing told it. Now a write to those tables moves content_versions, which the
-- instances read with the catalogue's versions (server/lib/catalogueChanges.ts) and which drops their kept pages only:
-- the search's kept matches and the product answers hold none of it.
--
-- * The same rules as migrations 015 and 023: once per transaction, at commit (deferred), 16 slots by backend; a
--   TRUNCATE counts at once.
-- * These tables are written by staff (coupons) and by the seed or SQL (the rest); an order never writes them (a
--   coupon's uses are counted from the orders), so the version does not move with the shop's traffic.
CREATE TABLE content_versions (
  slot smallint PRIMARY KEY CHECK (slot BETWEEN 0 AND 15),
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO content_versions (slot) SELECT generate_series(0, 15);

-- Written for any slotted version (the setting that marks the transaction and the table are the trigger's
-- arguments), so a later version needs no functions of its own.
CREATE FUNCTION shop_first_write_of(setting text) RETURNS boolean
LANGUAGE plpgsql AS $fn$
BEGIN
  IF current_setting(setting, true) = 'yes' THEN
    RETURN false;
  END IF;
  PERFORM set_config(setting, 'yes', true);
  RETURN true;
END
$fn$;

CREATE FUNCTION shop_version_moved() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format('UPDATE %I SET version = version + 1 WHERE slot = $1', TG_ARGV[0]) USING pg_backend_pid() % 16;
  RETURN NULL;
END
$fn$;

DO $triggers$
DECLARE
  content_table text;
BEGIN
  FOREACH content_table IN ARRAY ARRAY['coupons', 'sliders', 'abouts', 'content_pages', 'shippings'] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED
         FOR EACH ROW WHEN (shop_first_write_of(''shop.content_written''))
         EXECUTE FUNCTION shop_version_moved(''content_versions'')',
      content_table || '_content_version', content_table);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION shop_version_moved(''content_versions'')',
      content_table || '_content_truncated', content_table);
  END LOOP;
END
$triggers$;
