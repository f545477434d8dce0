-- An edited export imported again must not make its stock change again (issue 48): the import makes the change of the
-- file's stock to the stock the file was exported with, so the same file twice (or a run resumed after its batch was
-- written) added it twice. Per product and export (the export's `Exported At`), the file's stock last applied: a
-- later import of that export makes only its change to that figure. Written in the product's own transaction.
CREATE TABLE catalogue_export_stock (
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  -- the export's identity as its file writes it (the moment it was taken, ISO 8601)
  exported_at text NOT NULL,
  file_stock integer NOT NULL,
  PRIMARY KEY (product_id, exported_at)
);
