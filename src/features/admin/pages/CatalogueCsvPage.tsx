// The catalogue in and out as CSV (issue 48): a Shopify product export (with our Arabic columns) is checked first
// — a dry run whose report lists every problem by line and column, in the staff member's language — and only then
// imported, in runs the page asks for one after the other while a progress bar moves. An import that stopped (a
// closed tab, a lost connection) continues from where it got: the page offers it, and the same file checked again
// leads back to it. The export downloads every product with the same columns.
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';

import { statusOf } from '../../../app/api';
import { notify } from '../../../lib/notify';
import { failureText, refusalCode } from '../adminFormat';
import { useAdminT } from '../adminTexts';
import {
  MAX_IMPORT_BYTES,
  useCatalogueImportsQuery,
  useCheckCatalogueCsvMutation,
  useExportCatalogueMutation,
  useRunCatalogueImportMutation,
  type CatalogueImport,
  type ImportIssue,
} from '../catalogueCsvApi';
import { BusyButton } from '../components/AdminUi';

type T = ReturnType<typeof useAdminT>['t'];

const MEGABYTES = Math.round(MAX_IMPORT_BYTES / 1024 / 1024);
const WAIT_WHILE_HELD_MS = 2_000;

/** A finding in words: its code's text with its params (a failed picture's reason translated too). */
function issueText(t: T, issue: ImportIssue): string {
  const params: Record<string, string | number> = { ...issue.params };
  if (issue.code === 'picture_failed' && typeof params.reason === 'string')
    params.reason = t(`admin.catalogue_csv.picture_reasons.${params.reason}`, {
      defaultValue: params.reason,
    });
  return t(`admin.catalogue_csv.issues.${issue.code}`, { ...params, defaultValue: issue.message });
}

/** Why a call about the file failed, in words. */
function problemText(t: T, error: unknown): string {
  const code = refusalCode(error);
  if (code === 'file_too_large' || statusOf(error) === 413)
    return t('admin.catalogue_csv.errors.file_too_large', { max: MEGABYTES });
  if (code === 'file_required') return t('admin.catalogue_csv.errors.file_required');
  if (code === 'import_invalid') return t('admin.catalogue_csv.errors.import_invalid');
  return failureText(t, error);
}

function IssuesTable({
  issues,
  caption,
  testId,
}: {
  issues: ImportIssue[];
  caption: string;
  testId: string;
}) {
  const { t } = useAdminT();
  return (
    // A region of its own that scrolls: reachable and scrollable by keyboard too.
    <div
      className="table-responsive admin-table admin-issues"
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className="table table-sm align-middle mb-0" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.catalogue_csv.line')}</th>
            <th scope="col">{t('admin.catalogue_csv.column')}</th>
            <th scope="col">{t('admin.catalogue_csv.severity')}</th>
            <th scope="col">{t('admin.catalogue_csv.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {issues.map((issue, index) => (
            <tr key={`${issue.line}-${issue.column}-${issue.code}-${index}`} data-testid="import-issue">
              <td>
                <bdi>{issue.line === 0 ? t('admin.catalogue_csv.whole_file') : issue.line}</bdi>
              </td>
              <td>
                <bdi dir="ltr">{issue.column || '—'}</bdi>
              </td>
              <td>
                <span className={`badge text-bg-${issue.severity === 'error' ? 'danger' : 'warning'}`}>
                  {t(`admin.catalogue_csv.severities.${issue.severity}`)}
                </span>
              </td>
              <td>{issueText(t, issue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Progress({ job }: { job: CatalogueImport }) {
  const { t } = useAdminT();
  const total = Math.max(job.products, 1);
  const percent = Math.round((job.processed / total) * 100);
  const label = t('admin.catalogue_csv.progress', { processed: job.processed, total: job.products });
  return (
    <div className="mb-3">
      <div
        className="admin-progress"
        role="progressbar"
        aria-label={t('admin.catalogue_csv.progress_label')}
        aria-valuemin={0}
        aria-valuemax={job.products}
        aria-valuenow={job.processed}
        aria-valuetext={label}
        data-testid="import-progress"
      >
        <div className="admin-progress-bar" style={{ inlineSize: `${percent}%` }} />
      </div>
      <p className="small text-body-secondary mt-1 mb-0">
        <bdi>{label}</bdi> · <bdi>{percent}%</bdi>
      </p>
    </div>
  );
}

function ImportReport({
  job,
  running,
  onStart,
  onPause,
}: {
  job: CatalogueImport;
  running: boolean;
  onStart: () => void;
  onPause: () => void;
}) {
  const { t } = useAdminT();
  const started = job.processed > 0 || job.state === 'importing';
  return (
    <section
      className="card card-body mb-3"
      aria-labelledby="import-report-title"
      data-testid="import-report"
    >
      <h2 id="import-report-title" className="h6">
        {t('admin.catalogue_csv.report_title', { file: job.file_name })}
      </h2>
      <p className="mb-2">
        {t('admin.catalogue_csv.summary', {
          rows: job.rows,
          products: job.products,
          fresh: job.new_products,
        })}{' '}
        <span className="badge text-bg-danger me-1">
          {t('admin.catalogue_csv.errors_count', { count: job.errors })}
        </span>
        <span className="badge text-bg-warning">
          {t('admin.catalogue_csv.warnings_count', { count: job.warnings })}
        </span>
      </p>
      {job.state === 'invalid' && (
        <p className="alert alert-danger" role="alert" data-testid="import-invalid">
          {t('admin.catalogue_csv.invalid')}
        </p>
      )}
      {job.issues.length === 0 ? (
        <p className="text-body-secondary">{t('admin.catalogue_csv.no_issues')}</p>
      ) : (
        <IssuesTable
          issues={job.issues}
          caption={t('admin.catalogue_csv.issues_caption')}
          testId="import-issues"
        />
      )}
      {job.state !== 'invalid' && (
        <div className="mt-3">
          {(started || running || job.state === 'done') && <Progress job={job} />}
          {job.state === 'done' ? (
            <p className="alert alert-success mb-0" role="status" data-testid="import-done">
              {t('admin.catalogue_csv.done', {
                created: job.created,
                updated: job.updated,
                unchanged: job.unchanged,
                failed: job.failed,
              })}
            </p>
          ) : (
            <div className="d-flex flex-wrap gap-2">
              <BusyButton
                busy={running}
                label={
                  started
                    ? t('admin.catalogue_csv.continue')
                    : t('admin.catalogue_csv.start', { count: job.products })
                }
                busyLabel={t('admin.catalogue_csv.importing')}
                onClick={onStart}
                testId="start-import"
              />
              {running && (
                <button type="button" className="btn btn-outline-secondary" onClick={onPause}>
                  {t('admin.catalogue_csv.pause')}
                </button>
              )}
            </div>
          )}
          {job.failures.length > 0 && (
            <div className="mt-3">
              <h3 className="h6">{t('admin.catalogue_csv.failures_title', { count: job.failed })}</h3>
              <IssuesTable
                issues={job.failures}
                caption={t('admin.catalogue_csv.failures_title', { count: job.failed })}
                testId="import-failures"
              />
            </div>
          )}
        </div>
      )}
    </section>
  );
}

function ExportCard() {
  const { t } = useAdminT();
  const [exportCatalogue, { isLoading }] = useExportCatalogueMutation();
  const download = async () => {
    try {
      await exportCatalogue().unwrap();
      notify.success(t('admin.catalogue_csv.exported'));
    } catch (error) {
      notify.error(failureText(t, error));
    }
  };
  return (
    <section className="card card-body mb-3" aria-labelledby="export-title">
      <h2 id="export-title" className="h6">
        {t('admin.catalogue_csv.export_title')}
      </h2>
      <p className="small text-body-secondary">{t('admin.catalogue_csv.export_intro')}</p>
      <div>
        <BusyButton
          busy={isLoading}
          label={t('admin.catalogue_csv.export')}
          busyLabel={t('admin.catalogue_csv.exporting')}
          variant="outline-primary"
          onClick={() => void download()}
          testId="export-catalogue"
        />
      </div>
    </section>
  );
}

export function CatalogueCsvPage() {
  const { t } = useAdminT();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [job, setJob] = useState<CatalogueImport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const pause = useRef(false);
  const mounted = useRef(true);
  const [check, checking] = useCheckCatalogueCsvMutation();
  const [runImport] = useRunCatalogueImportMutation();
  const recent = useCatalogueImportsQuery();
  useEffect(() => {
    mounted.current = true;
    return () => {
      // leaving the page stops asking for runs; the import waits on the server to be continued
      mounted.current = false;
      pause.current = true;
    };
  }, []);

  const unfinished = recent.data?.data.find(
    (candidate) => candidate.state === 'ready' || candidate.state === 'importing',
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setJob(null);
    setProblem(null);
    if (chosen && chosen.size > MAX_IMPORT_BYTES) {
      setFile(null);
      setProblem(t('admin.catalogue_csv.errors.file_too_large', { max: MEGABYTES }));
      return;
    }
    setFile(chosen);
  };

  const runCheck = async () => {
    if (!file) {
      setProblem(t('admin.catalogue_csv.errors.file_required'));
      return;
    }
    setProblem(null);
    try {
      const answer = await check(file).unwrap();
      setJob(answer);
      if (answer.processed > 0 || answer.state === 'importing') notify.info(t('admin.catalogue_csv.resumed'));
    } catch (error) {
      setProblem(problemText(t, error));
    }
  };

  const start = async () => {
    if (!job) return;
    pause.current = false;
    setRunning(true);
    setProblem(null);
    let current = job;
    try {
      while (!pause.current && current.state !== 'done' && current.state !== 'invalid') {
        const before = current.processed;
        current = await runImport(current.id).unwrap();
        if (mounted.current) setJob(current);
        // No progress: another run holds the import (another tab, or a run still fetching pictures). Ask again
        // a little later instead of at once.
        if (current.processed === before && current.state !== 'done')
          await new Promise((resolve) => setTimeout(resolve, WAIT_WHILE_HELD_MS));
      }
      if (current.state === 'done' && mounted.current) {
        notify.success(t('admin.catalogue_csv.finished'));
        void recent.refetch();
      }
    } catch (error) {
      if (mounted.current) setProblem(problemText(t, error));
    } finally {
      if (mounted.current) setRunning(false);
    }
  };

  return (
    <div data-testid="catalogue-csv">
      <h1 className="h4">{t('admin.catalogue_csv.title')}</h1>
      <p className="text-body-secondary">{t('admin.catalogue_csv.intro')}</p>

      <ExportCard />

      <section className="card card-body mb-3" aria-labelledby="import-title">
        <h2 id="import-title" className="h6">
          {t('admin.catalogue_csv.import_title')}
        </h2>
        {unfinished && !job && (
          <div
            className="alert alert-info d-flex flex-wrap align-items-center gap-2"
            data-testid="unfinished-import"
          >
            <span>
              {t('admin.catalogue_csv.unfinished', {
                file: unfinished.file_name,
                processed: unfinished.processed,
                total: unfinished.products,
              })}
            </span>
            <button type="button" className="btn btn-sm btn-primary" onClick={() => setJob(unfinished)}>
              {t('admin.catalogue_csv.show_unfinished')}
            </button>
          </div>
        )}
        <label className="form-label" htmlFor={`${id}-file`}>
          {t('admin.catalogue_csv.file')}
        </label>
        <div className="d-flex flex-wrap gap-2 align-items-start">
          <div className="flex-grow-1">
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              className={`form-control${problem ? ' is-invalid' : ''}`}
              aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
              aria-invalid={problem !== null}
              onChange={choose}
              disabled={running}
              data-testid="import-file"
            />
            {problem && (
              <div
                id={`${id}-problem`}
                className="invalid-feedback"
                role="alert"
                data-testid="import-problem"
              >
                {problem}
              </div>
            )}
            <div id={`${id}-hint`} className="form-text">
              {t('admin.catalogue_csv.file_hint', { max: MEGABYTES })}
            </div>
          </div>
          <BusyButton
            busy={checking.isLoading}
            label={t('admin.catalogue_csv.check')}
            busyLabel={t('admin.catalogue_csv.checking')}
            onClick={() => void runCheck()}
            disabled={running}
            testId="check-file"
          />
        </div>
      </section>

      {job && (
        <ImportReport
          job={job}
          running={running}
          onStart={() => void start()}
          onPause={() => {
            pause.current = true;
          }}
        />
      )}
    </div>
  );
}
