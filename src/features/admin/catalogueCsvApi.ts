// The catalogue CSV's calls (issue 48), injected with the back office: the dry-run upload, the import's runs, the
// last imports, the export's download. The upload and the export may take longer than the shop's 10 s calls.
import type { CatalogueImport, CatalogueImportsResponse } from '../../../contract/catalogueImport';
import { adminApi } from './adminApi';

export type * from '../../../contract/catalogueImport';

/** The largest file the server takes (contract/catalogueImport's MAX_IMPORT_BYTES; only types come from there). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

const UPLOAD_TIMEOUT_MS = 120_000;
/** A run stops after about 4 s of work, but a product's pictures (10, at most 15 s each) finish first. */
const RUN_TIMEOUT_MS = 180_000;
const EXPORT_TIMEOUT_MS = 600_000;

/** The file the browser saves, named as the server says (catalogue-YYYY-MM-DD.csv). */
function saveDownload(blob: Blob, disposition: string | null): void {
  const name = /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'catalogue.csv';
  if (typeof URL.createObjectURL !== 'function') return;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** What the shop's product pages and lists show after an import wrote products. */
const importedTags = [
  { type: 'AdminProduct', id: 'LIST' },
  { type: 'AdminDashboard', id: 'LIST' },
  { type: 'Category', id: 'LIST' },
  { type: 'BestSeller', id: 'LIST' },
] as const;

export const catalogueCsvApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    catalogueImports: build.query<CatalogueImportsResponse, void>({
      query: () => 'admin/catalogue/imports',
    }),
    checkCatalogueCsv: build.mutation<CatalogueImport, File>({
      query: (file) => ({
        url: 'admin/catalogue/imports',
        method: 'POST',
        params: { file_name: file.name },
        body: file,
        headers: { 'Content-Type': 'text/csv' },
        timeout: UPLOAD_TIMEOUT_MS,
      }),
    }),
    runCatalogueImport: build.mutation<CatalogueImport, number>({
      query: (id) => ({
        url: `admin/catalogue/imports/${id}/run`,
        method: 'POST',
        body: {},
        timeout: RUN_TIMEOUT_MS,
      }),
      invalidatesTags: (answer, error) =>
        error || !answer || answer.created + answer.updated === 0 ? [] : [...importedTags],
    }),
    exportCatalogue: build.mutation<{ bytes: number }, void>({
      query: () => ({
        url: 'admin/catalogue/export',
        timeout: EXPORT_TIMEOUT_MS,
        // The file goes to the browser's downloads; only its size reaches the store.
        responseHandler: async (response: Response) => {
          if (!response.ok) return response.json().catch(() => ({}));
          const blob = await response.blob();
          saveDownload(blob, response.headers.get('content-disposition'));
          return { bytes: blob.size };
        },
      }),
    }),
  }),
});

export const {
  useCatalogueImportsQuery,
  useCheckCatalogueCsvMutation,
  useRunCatalogueImportMutation,
  useExportCatalogueMutation,
} = catalogueCsvApi;
