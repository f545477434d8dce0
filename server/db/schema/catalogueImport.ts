// Drizzle mirror of migrations/014_catalogue_import.sql, 028_export_stock_applied.sql and 029_export_stock_pruned.sql: CSV import jobs, the
// products each will write, and the stock each export's file last set.
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export type CatalogueImportState = 'invalid' | 'ready' | 'importing' | 'done';
export type CatalogueImportOutcome = 'created' | 'updated' | 'unchanged' | 'failed';

/** One finding of the dry run (or of the import, for a product that failed). */
export interface ImportIssueRecord {
  /** the file's line (1 is the header row); 0: the file as a whole */
  line: number;
  /** the column's header as written in the file, or '' */
  column: string;
  severity: 'error' | 'warning';
  /** a stable word the SPA translates (contract/catalogueImport IMPORT_ISSUES) */
  code: string;
  params: Record<string, string | number>;
}

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const catalogueImports = pgTable('catalogue_imports', {
  id: serial('id').primaryKey(),
  actorId: integer('actor_id'),
  fileName: text('file_name').notNull(),
  fileSha256: text('file_sha256').notNull(),
  fileBytes: integer('file_bytes').notNull(),
  state: text('state').$type<CatalogueImportState>().notNull(),
  rowsCount: integer('rows_count').notNull().default(0),
  productsCount: integer('products_count').notNull().default(0),
  newCount: integer('new_count').notNull().default(0),
  errorsCount: integer('errors_count').notNull().default(0),
  warningsCount: integer('warnings_count').notNull().default(0),
  issues: jsonb('issues').$type<ImportIssueRecord[]>().notNull().default([]),
  processed: integer('processed').notNull().default(0),
  createdCount: integer('created_count').notNull().default(0),
  updatedCount: integer('updated_count').notNull().default(0),
  unchangedCount: integer('unchanged_count').notNull().default(0),
  failedCount: integer('failed_count').notNull().default(0),
  claimedUntil: at('claimed_until'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  finishedAt: at('finished_at'),
});

export const catalogueImportItems = pgTable(
  'catalogue_import_items',
  {
    importId: integer('import_id').notNull(),
    seq: integer('seq').notNull(),
    handle: text('handle').notNull(),
    line: integer('line').notNull(),
    product: jsonb('product').$type<unknown>().notNull(),
    outcome: text('outcome').$type<CatalogueImportOutcome>(),
    reason: jsonb('reason').$type<{ code: string; params: Record<string, string | number> } | null>(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.seq] })],
);

export const catalogueExportStock = pgTable(
  'catalogue_export_stock',
  {
    productId: integer('product_id').notNull(),
    exportedAt: text('exported_at').notNull(),
    fileStock: integer('file_stock').notNull(),
    /** the import that last wrote it (migration 029): pruned after EXPORT_STOCK_RETENTION_DAYS */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.exportedAt] }),
    index('catalogue_export_stock_recorded_at_idx').on(table.recordedAt),
  ],
);
