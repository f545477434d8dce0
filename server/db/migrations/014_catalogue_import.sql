-- The catalogue comes in and goes out as CSV (issue 48): Shopify's product columns plus our Arabic ones. A product
-- keeps an identity across files (its handle, and its first variant's SKU), each picture remembers the address it
-- was fetched from (a second import of the same file fetches nothing), and an import is a job: its dry-run report,
-- the products it will write, and how far it got, so an interrupted import continues where it stopped.

-- Every product has a handle: imported ones bring theirs, the others are `product-<id>` (set by the trigger below,
-- so a product created by the back office form or the seed gets one without knowing of it).
ALTER TABLE products ADD COLUMN handle text;
ALTER TABLE products ADD COLUMN sku text;
UPDATE products SET handle = 'product-' || id WHERE handle IS NULL;

CREATE FUNCTION shop_products_default_handle() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.handle IS NULL OR btrim(NEW.handle) = '' THEN
    NEW.handle := 'product-' || NEW.id;
  END IF;
  RETURN NEW;
END
$fn$;
CREATE TRIGGER products_default_handle BEFORE INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION shop_products_default_handle();

ALTER TABLE products ALTER COLUMN handle SET NOT NULL;
CREATE UNIQUE INDEX products_handle_key ON products (handle);
CREATE UNIQUE INDEX products_sku_key ON products (sku) WHERE sku IS NOT NULL;

-- The address an imported picture was fetched from (null: uploaded in the back office, or the demo shop's).
ALTER TABLE product_images ADD COLUMN source_url text;

-- An import is in the audit log as a subject of its own.
ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_subject_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_subject_type_check
  CHECK (subject_type IN ('order', 'payment', 'review', 'product', 'coupon', 'user', 'catalogue_import'));

CREATE TABLE catalogue_imports (
  id serial PRIMARY KEY,
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  file_name text NOT NULL,
  -- sha256 of the file's bytes: the same file uploaded again continues its unfinished import
  file_sha256 text NOT NULL,
  file_bytes integer NOT NULL,
  -- invalid: the dry run found errors, nothing will be written; ready: checked, not started; importing; done
  state text NOT NULL CHECK (state IN ('invalid', 'ready', 'importing', 'done')),
  rows_count integer NOT NULL DEFAULT 0,
  products_count integer NOT NULL DEFAULT 0,
  -- of those, how many the shop does not have yet (as the dry run saw it)
  new_count integer NOT NULL DEFAULT 0,
  errors_count integer NOT NULL DEFAULT 0,
  warnings_count integer NOT NULL DEFAULT 0,
  -- the dry run's report: the first issues (line, column, code, params), at most a few hundred
  issues jsonb NOT NULL DEFAULT '[]',
  -- products handled so far (their seq), and what became of them
  processed integer NOT NULL DEFAULT 0,
  created_count integer NOT NULL DEFAULT 0,
  updated_count integer NOT NULL DEFAULT 0,
  unchanged_count integer NOT NULL DEFAULT 0,
  failed_count integer NOT NULL DEFAULT 0,
  -- a run working on the job holds it until then; another run waits (or takes over after a crash)
  claimed_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX catalogue_imports_open_idx ON catalogue_imports (file_sha256) WHERE state IN ('ready', 'importing');

-- The products a checked file will write, in file order, with what became of each.
CREATE TABLE catalogue_import_items (
  import_id integer NOT NULL REFERENCES catalogue_imports (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  handle text NOT NULL,
  -- the line of the product's first row in the file
  line integer NOT NULL,
  product jsonb NOT NULL,
  outcome text CHECK (outcome IN ('created', 'updated', 'unchanged', 'failed')),
  -- failed: { code, params }
  reason jsonb,
  PRIMARY KEY (import_id, seq)
);
