import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectLanguage } from '../../settings/public';
import {
  useModerateReviewMutation,
  useReviewsQuery,
  type AdminReview,
  type AdminReviewsQuery,
} from '../adminApi';
import { formatDateTime } from '../adminFormat';
import { filtersChanged, type ReviewFilters } from '../adminSlice';
import { useAdminT } from '../adminTexts';
import { AuditTrail, BusyButton } from '../components/AdminUi';
import { PagedTable, useTablePlace, type Column } from '../components/PagedTable';
import { useStaffAction } from '../useStaffAction';

const TABS: ReviewFilters['status'][] = ['pending', 'approved', 'rejected'];

function Decision({ review }: { review: AdminReview }) {
  const { t } = useAdminT();
  const act = useStaffAction();
  const [moderate, { isLoading, originalArgs }] = useModerateReviewMutation();
  const busy = isLoading ? originalArgs?.decision : undefined;
  const decide = (decision: 'approve' | 'reject') =>
    void act(
      moderate({ id: review.id, productId: review.product_id, decision }),
      t(decision === 'approve' ? 'admin.reviews.approved_done' : 'admin.reviews.rejected_done'),
    );
  return (
    <div className="d-flex flex-wrap gap-2">
      {review.status !== 'approved' && (
        <BusyButton
          small
          busy={busy === 'approve'}
          disabled={isLoading}
          label={t('admin.reviews.approve')}
          busyLabel={t('admin.reviews.approving')}
          variant="success"
          onClick={() => decide('approve')}
          testId="approve-review"
        />
      )}
      {review.status !== 'rejected' && (
        <BusyButton
          small
          busy={busy === 'reject'}
          disabled={isLoading}
          label={t('admin.reviews.reject')}
          busyLabel={t('admin.reviews.rejecting')}
          variant="outline-danger"
          onClick={() => decide('reject')}
          testId="reject-review"
        />
      )}
    </div>
  );
}

export function ReviewsPage() {
  const { t } = useAdminT();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const { filters, sort, paging } = useTablePlace('reviews');
  const query = useReviewsQuery({
    status: filters.status,
    sort: sort as AdminReviewsQuery['sort'],
    ...paging,
  });
  const columns: Column<AdminReview>[] = [
    {
      key: 'product',
      label: t('admin.reviews.product'),
      render: (review) => <Link to={`/product/${review.product_id}`}>{review.product_name[language]}</Link>,
    },
    { key: 'author', label: t('admin.reviews.author'), render: (review) => review.user_name },
    {
      key: 'rating',
      label: t('admin.reviews.rating'),
      sort: 'rating',
      render: (review) => (
        <span
          role="img"
          aria-label={t('admin.reviews.stars', { count: review.rating })}
          className="text-nowrap"
        >
          <span aria-hidden="true" className="text-warning">
            {'★'.repeat(review.rating)}
          </span>
          <span aria-hidden="true" className="text-body-tertiary">
            {'★'.repeat(Math.max(0, 5 - review.rating))}
          </span>
        </span>
      ),
    },
    {
      key: 'text',
      label: t('admin.reviews.text'),
      render: (review) => (
        <>
          <p className="mb-1 admin-review-text" dir="auto">
            {review.review}
          </p>
          {review.audit.length > 0 && (
            <details className="small">
              <summary>{t('admin.audit.title')}</summary>
              <AuditTrail entries={review.audit} />
            </details>
          )}
        </>
      ),
    },
    {
      key: 'date',
      label: t('admin.reviews.date'),
      sort: 'created_at',
      render: (review) => <bdi className="small">{formatDateTime(review.created_at)}</bdi>,
      className: 'text-nowrap',
    },
    { key: 'decision', label: t('admin.order.actions'), render: (review) => <Decision review={review} /> },
  ];
  return (
    <section aria-labelledby="reviews-title">
      <h1 id="reviews-title" className="h4 mb-3">
        {t('admin.reviews.title')}
      </h1>
      <ul className="nav nav-tabs mb-3">
        {TABS.map((status) => (
          <li key={status} className="nav-item">
            <button
              type="button"
              className={`nav-link${filters.status === status ? ' active' : ''}`}
              aria-current={filters.status === status ? 'true' : undefined}
              onClick={() => dispatch(filtersChanged('reviews', { status }))}
            >
              {t(`admin.reviews.${status}`)}
            </button>
          </li>
        ))}
      </ul>
      <PagedTable
        table="reviews"
        title={t('admin.reviews.title')}
        query={query}
        columns={columns}
        testId="reviews-table"
        emptyNote={filters.status === 'pending' ? t('admin.reviews.empty') : undefined}
      />
    </section>
  );
}
