// The back office's small parts: a query's states, titled cards, small tables, the audit trail, busy buttons, status
// badges (the lists' tables: PagedTable).
import { useState, type ReactNode } from 'react';

import { useAppSelector } from '../../../app/hooks';
import { failureReason } from '../../../app/api';
import { selectLanguage } from '../../settings/public';
import { LoadFailed } from '../../../ui/LoadFailed';
import { PageSpinner } from '../../../ui/Spinner';
import type { AuditEntry } from '../adminApi';
import { formatDateTime, kwd } from '../adminFormat';
import { useAdminT } from '../adminTexts';

/** A query's spinner or its translated failure with a retry; the content once there. */
export function Loaded<T>({
  query,
  children,
}: {
  query: { data?: T; isLoading: boolean; isFetching: boolean; error?: unknown; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const { t } = useAdminT();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    const status = (query.error as { status?: unknown }).status;
    if (status === 404) return <p className="alert alert-warning">{t('admin.common.not_found')}</p>;
    if (status === 403) return <p className="alert alert-warning">{t('admin.refusals.not_staff')}</p>;
    return (
      <LoadFailed
        reason={failureReason(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <PageSpinner />;
}

/** A titled card of a back office page: its heading names the section for assistive technology. */
export function Card({
  id,
  title,
  className = 'card',
  titleClassName = 'h6',
  children,
}: {
  /** the heading's id */
  id: string;
  title: string;
  className?: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className={titleClassName}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** A compact table inside a card (an order's lines, its payments); wide ones scroll on a phone. */
export function SmallTable({
  headers,
  testId,
  children,
}: {
  headers: readonly ReactNode[];
  testId: string;
  /** the rows */
  children: ReactNode;
}) {
  return (
    <div className="table-responsive admin-table">
      <table className="table table-sm align-middle mb-0" data-testid={testId}>
        <thead>
          <tr>
            {headers.map((header, index) => (
              <th key={index} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A button that shows its work: disabled while its call is in flight, so two clicks make one call. */
export function BusyButton({
  busy,
  label,
  busyLabel,
  onClick,
  variant = 'primary',
  disabled = false,
  type = 'button',
  testId,
  small = false,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  onClick?: () => void;
  variant?: string;
  disabled?: boolean;
  type?: 'button' | 'submit';
  testId?: string;
  small?: boolean;
}) {
  return (
    <button
      type={type}
      className={`btn btn-${variant}${small ? ' btn-sm' : ''}`}
      disabled={busy || disabled}
      aria-busy={busy}
      onClick={onClick}
      data-testid={testId}
    >
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}

const STATUS_TONES: Record<string, string> = {
  pending: 'warning',
  paid: 'primary',
  completed: 'success',
  canceled: 'secondary',
  failed: 'danger',
  refund_due: 'danger',
  amount_mismatch: 'danger',
  declined: 'warning',
  expired: 'secondary',
  refunded: 'success',
  approved: 'success',
  rejected: 'secondary',
};

/** An order's status or a payment's state, in words and colour. */
export function StatusBadge({ status, kind = 'order' }: { status: string; kind?: 'order' | 'payment' }) {
  const { t } = useAdminT();
  const key = kind === 'order' ? `admin.statuses.${status}` : `admin.payment_states.${status}`;
  const tone = STATUS_TONES[status] ?? 'secondary';
  return (
    <span className={`badge text-bg-${tone}`} data-testid={`${kind}-status`} data-status={status}>
      {t(key, { defaultValue: status })}
    </span>
  );
}

/** A value of the audit log as staff read it (prices in KWD, flags in words). */
function auditValue(
  t: ReturnType<typeof useAdminT>['t'],
  field: string,
  value: unknown,
  language: 'en' | 'ar',
) {
  if (value === null || value === undefined || value === '') return t('admin.audit.none');
  if (typeof value === 'boolean') return t(value ? 'admin.common.yes' : 'admin.common.no');
  if (typeof value === 'number' && /price|total|amount|value/.test(field)) return kwd(value, language);
  if (field === 'status') return t(`admin.statuses.${String(value)}`, { defaultValue: String(value) });
  if (field === 'state') return t(`admin.payment_states.${String(value)}`, { defaultValue: String(value) });
  return String(value);
}

/** Every staff action on a thing: who, when, what it was and what it became. */
export function AuditTrail({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useAdminT();
  const language = useAppSelector(selectLanguage);
  return (
    <section className="mt-4" aria-labelledby="audit-title" data-testid="audit-trail">
      <h2 id="audit-title" className="h6">
        {t('admin.audit.title')}
      </h2>
      {entries.length === 0 ? (
        <p className="small text-body-secondary">{t('admin.audit.empty')}</p>
      ) : (
        <ol className="list-unstyled small mb-0">
          {entries.map((entry) => {
            const fields = [
              ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
            ];
            return (
              <li key={entry.id} className="border-start border-3 ps-2 mb-2" data-testid="audit-entry">
                <div>
                  <strong>
                    {t(`admin.audit.actions.${entry.action.replace(/\./g, '_')}`, {
                      defaultValue: entry.action,
                    })}
                  </strong>{' '}
                  <span className="text-body-secondary">
                    {/* who acted as they were then (name, e-mail, account number), even after a rename or deletion */}
                    {entry.actor.id !== null ? (
                      <bdi data-testid="audit-actor">
                        {t('admin.audit.by_account', {
                          name: entry.actor.name,
                          email: entry.actor.email,
                          id: entry.actor.id,
                        })}
                      </bdi>
                    ) : (
                      t('admin.audit.by_system')
                    )}{' '}
                    · <bdi>{formatDateTime(entry.created_at)}</bdi>
                  </span>
                </div>
                {fields.length > 0 && (
                  <ul className="list-unstyled mb-0 text-body-secondary">
                    {fields.map((field) => (
                      <li key={field}>
                        {t('admin.audit.change', {
                          field,
                          before: auditValue(t, field, entry.before?.[field], language),
                          after: auditValue(t, field, entry.after?.[field], language),
                        })}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** An action that asks once more before it runs (it changes what the shopper gets or pays back). */
export function ConfirmedAction({
  label,
  busyLabel,
  question,
  busy,
  variant,
  onConfirm,
  testId,
}: {
  label: string;
  busyLabel: string;
  question: string;
  busy: boolean;
  variant: string;
  onConfirm: () => void;
  testId: string;
}) {
  const { t } = useAdminT();
  const [asking, setAsking] = useState(false);
  if (!asking || busy)
    return (
      <BusyButton
        busy={busy}
        label={label}
        busyLabel={busyLabel}
        variant={`outline-${variant}`}
        onClick={() => setAsking(true)}
        testId={testId}
      />
    );
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 mb-0 py-2" role="alert">
      <span className="flex-grow-1">{question}</span>
      <button
        type="button"
        className={`btn btn-${variant} btn-sm`}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
        data-testid={`${testId}-confirm`}
      >
        {t('admin.common.yes')}
      </button>
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setAsking(false)}>
        {t('admin.common.no')}
      </button>
    </div>
  );
}
