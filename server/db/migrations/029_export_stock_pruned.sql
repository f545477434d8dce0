-- catalogue_export_stock (028) gained a row per product for every export imported and kept them all: a shop that
-- imports its whole catalogue every day grows it by the catalogue's size a day. A row is now dated by the import that
-- last wrote it, and the background jobs drop rows no import has written for 90 days (EXPORT_STOCK_RETENTION_DAYS);
-- a file exported before that is refused where it would change stock (it may have been imported and forgotten). Rows
-- already there count from this migration.
ALTER TABLE catalogue_export_stock ADD COLUMN recorded_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX catalogue_export_stock_recorded_at_idx ON catalogue_export_stock (recorded_at);
