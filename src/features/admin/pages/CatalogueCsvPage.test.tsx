// The catalogue CSV page (issue 48): the dry run's report in the staff member's language, the import in runs with
// its progress bar, a file's problems (too large, with errors) said clearly, an unfinished import offered again,
// and the export's download.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { CatalogueImport, ImportIssue } from '../../../../contract/catalogueImport';
import type { Language } from '../../../app/events';
import { allResources } from '../../../i18n/resources';
import { apiUrl, server } from '../../../testing/server';
import { renderAdmin } from '../testing';

const texts = (language: Language) => allResources[language].admin.admin.catalogue_csv;

const issue = (over: Partial<ImportIssue>): ImportIssue => ({
  line: 2,
  column: 'Type',
  severity: 'warning',
  code: 'category_new',
  params: { name: 'Shirts' },
  message: 'The shop has no category “Shirts” yet: the import creates it.',
  ...over,
});

const job = (over: Partial<CatalogueImport> = {}): CatalogueImport => ({
  id: 7,
  file_name: 'products.csv',
  state: 'ready',
  rows: 5,
  products: 3,
  new_products: 3,
  errors: 0,
  warnings: 1,
  issues: [issue({})],
  processed: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  failed: 0,
  failures: [],
  created_at: '2025-01-01T10:00:00.000Z',
  finished_at: null,
  ...over,
});

interface Calls {
  uploads: { fileName: string | null; contentType: string | null; body: string }[];
  runs: number;
  exports: number;
}

function handlers(
  calls: Calls,
  {
    checked = job(),
    runs = [
      job({ state: 'importing', processed: 2, created: 2 }),
      job({ state: 'done', processed: 3, created: 3 }),
    ],
    recent = [] as CatalogueImport[],
    uploadStatus = 201,
  } = {},
) {
  return [
    http.get(apiUrl('admin/catalogue/imports'), () => HttpResponse.json({ data: recent })),
    http.post(apiUrl('admin/catalogue/imports'), async ({ request }) => {
      calls.uploads.push({
        fileName: new URL(request.url).searchParams.get('file_name'),
        contentType: request.headers.get('content-type'),
        body: await request.text(),
      });
      if (uploadStatus === 413)
        return HttpResponse.json(
          { message: 'The file may not be greater than 20 MB.', code: 'file_too_large' },
          { status: 413 },
        );
      return HttpResponse.json(checked, { status: uploadStatus });
    }),
    http.post(apiUrl('admin/catalogue/imports/:id/run'), () => {
      const answer = runs[Math.min(calls.runs, runs.length - 1)];
      calls.runs += 1;
      return HttpResponse.json(answer);
    }),
    http.get(apiUrl('admin/catalogue/export'), () => {
      calls.exports += 1;
      return new HttpResponse('\uFEFFHandle,Title\nshirt,Shirt\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="catalogue-2025-01-01.csv"',
        },
      });
    }),
  ];
}

const newCalls = (): Calls => ({ uploads: [], runs: 0, exports: 0 });
/** Node's own File: the one fetch (Node's, under msw) sends as bytes; jsdom's would be sent as its name. */
const NodeFile = (jest.requireActual('node:buffer') as typeof import('node:buffer')).File;
const csvFile = (content = 'Handle,Title,Variant Price\nshirt,Shirt,5\n', name = 'products.csv') =>
  new NodeFile([content], name, { type: 'text/csv' }) as unknown as File;

describe('catalogue import and export', () => {
  it.each<Language>(['en', 'ar'])(
    'checks a file, reports its findings translated, then imports it with a progress bar (%s)',
    async (language) => {
      const calls = newCalls();
      server.use(...handlers(calls));
      const { user } = renderAdmin('/admin/import', { language });
      const words = texts(language);
      expect(await screen.findByRole('heading', { name: words.title })).toBeInTheDocument();

      await user.upload(screen.getByLabelText(words.file), csvFile());
      await user.click(screen.getByTestId('check-file'));
      const report = await screen.findByTestId('import-report');
      expect(calls.uploads).toEqual([
        {
          fileName: 'products.csv',
          contentType: 'text/csv',
          body: 'Handle,Title,Variant Price\nshirt,Shirt,5\n',
        },
      ]);
      // the reason in the staff member's language, with its params
      const row = within(report).getByTestId('import-issue');
      expect(row).toHaveTextContent(words.issues.category_new.replace('{{name}}', 'Shirts'));
      expect(row).toHaveTextContent(words.severities.warning);
      expect(row).toHaveTextContent('Type');
      // nothing is imported before the staff member says so
      expect(calls.runs).toBe(0);

      await user.click(within(report).getByTestId('start-import'));
      expect(await within(report).findByTestId('import-done')).toBeInTheDocument();
      expect(calls.runs).toBe(2);
      const progress = within(report).getByTestId('import-progress');
      expect(progress).toHaveAttribute('aria-valuenow', '3');
      expect(progress).toHaveAttribute('aria-valuemax', '3');
    },
  );

  it('a file with errors: the report says so and offers no import', async () => {
    const calls = newCalls();
    server.use(
      ...handlers(calls, {
        checked: job({
          state: 'invalid',
          errors: 1,
          warnings: 0,
          issues: [
            issue({
              line: 4,
              column: 'Variant Price',
              severity: 'error',
              code: 'price_invalid',
              params: { value: '12,5' },
              message: 'Not a price',
            }),
          ],
        }),
      }),
    );
    const { user } = renderAdmin('/admin/import', { language: 'ar' });
    const words = texts('ar');
    await user.upload(await screen.findByLabelText(words.file), csvFile());
    await user.click(screen.getByTestId('check-file'));
    expect(await screen.findByTestId('import-invalid')).toHaveTextContent(words.invalid);
    expect(screen.getByTestId('import-issue')).toHaveTextContent(
      words.issues.price_invalid.replace('{{value}}', '12,5'),
    );
    expect(screen.queryByTestId('start-import')).not.toBeInTheDocument();
  });

  it('a file over 20 MB is refused before it is sent, and the server’s 413 is said the same way', async () => {
    const calls = newCalls();
    server.use(...handlers(calls, { uploadStatus: 413 }));
    const { user } = renderAdmin('/admin/import');
    const words = texts('en');
    const huge = csvFile();
    Object.defineProperty(huge, 'size', { value: 200 * 1024 * 1024 });
    await user.upload(await screen.findByLabelText(words.file), huge);
    const tooLarge = words.errors.file_too_large.replace('{{max}}', '20');
    expect(await screen.findByTestId('import-problem')).toHaveTextContent(tooLarge);
    await user.click(screen.getByTestId('check-file'));
    expect(screen.getByTestId('import-problem')).toHaveTextContent(words.errors.file_required);
    expect(calls.uploads).toEqual([]);

    await user.upload(screen.getByLabelText(words.file), csvFile());
    await user.click(screen.getByTestId('check-file'));
    await waitFor(() => expect(screen.getByTestId('import-problem')).toHaveTextContent(tooLarge));
    expect(calls.uploads).toHaveLength(1);
  });

  it('offers an unfinished import and continues it', async () => {
    const calls = newCalls();
    const unfinished = job({ id: 9, state: 'importing', processed: 1, created: 1, file_name: 'big.csv' });
    server.use(
      ...handlers(calls, { recent: [unfinished], runs: [job({ id: 9, state: 'done', processed: 3 })] }),
    );
    const { user } = renderAdmin('/admin/import');
    const words = texts('en');
    const offer = await screen.findByTestId('unfinished-import');
    expect(offer).toHaveTextContent('big.csv');
    await user.click(within(offer).getByRole('button', { name: words.show_unfinished }));
    const start = await screen.findByRole('button', { name: words.continue });
    expect(screen.getByTestId('import-progress')).toHaveAttribute('aria-valuenow', '1');
    await user.click(start);
    expect(await screen.findByTestId('import-done')).toBeInTheDocument();
  });

  it('downloads the export', async () => {
    const calls = newCalls();
    server.use(...handlers(calls));
    const created = jest.fn(() => 'blob:catalogue');
    const revoked = jest.fn();
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderAdmin('/admin/import', { language: 'ar' });
    await user.click(await screen.findByRole('button', { name: texts('ar').export }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(calls.exports).toBe(1);
    expect(created).toHaveBeenCalledTimes(1);
    clicked.mockRestore();
  });

  it('is in the back office’s navigation', async () => {
    server.use(...handlers(newCalls()));
    // (from this page: the dashboard's chart needs a canvas jsdom does not have)
    renderAdmin('/admin/import');
    const nav = await screen.findByRole('navigation', { name: allResources.en.admin.admin.nav.label });
    expect(within(nav).getByRole('link', { name: allResources.en.admin.admin.nav.import })).toHaveAttribute(
      'href',
      '/admin/import',
    );
  });
});
