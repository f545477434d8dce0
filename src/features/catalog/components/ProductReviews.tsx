import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';

import { statusOf } from '../../../app/api';
import { loginRequired } from '../../../app/events';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDate } from '../../../lib/dates';
import { Pagination } from '../../../ui/Pagination';
import { SkeletonBox } from '../../../ui/Skeleton';
import { StarRating } from '../../../ui/StarRating';
import { selectIsAuthenticated, selectUserId } from '../../auth/public';
import { selectLanguage } from '../../settings/public';
import { useAddReviewMutation, useGetReviewsQuery } from '../catalogApi';
import { ratingSummary, REVIEWS_PAGE_SIZE } from '../productRules';

function RatingSummaryView({
  reviews,
  productRating,
}: {
  reviews: { rating: number }[];
  productRating: number;
}) {
  const { t } = useTranslation();
  const summary = ratingSummary(reviews, productRating);
  return (
    <div className="d-flex flex-column flex-sm-row gap-4 mb-4" data-testid="rating-summary">
      <div className="text-center">
        <p className="display-5 fw-bold mb-0" data-testid="rating-average">
          {summary.average.toFixed(1)}
        </p>
        <StarRating value={summary.average} t={t} />
        <p className="small text-body-secondary mb-0">
          {t('catalog.reviews.count', { count: summary.count })}
        </p>
      </div>
      <ul className="list-unstyled flex-grow-1 mb-0">
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = summary.bars[stars - 1] ?? 0;
          const percent = summary.count ? Math.round((count / summary.count) * 100) : 0;
          return (
            <li key={stars} className="d-flex align-items-center gap-2 small">
              <span className="text-nowrap" style={{ minInlineSize: '3rem' }}>
                {t('catalog.reviews.stars', { count: stars })}
              </span>
              <div
                className="progress rating-bar flex-grow-1"
                role="progressbar"
                aria-label={t('catalog.reviews.bar_label', { count: stars, reviews: count })}
                aria-valuenow={percent}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div className="progress-bar bg-warning" style={{ width: `${percent}%` }} />
              </div>
              <span style={{ minInlineSize: '1.5rem' }}>{count}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewForm({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const userId = useAppSelector(selectUserId);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [addReview, { isLoading }] = useAddReviewMutation();
  const canSubmit = rating > 0 && text.trim() !== '' && !isLoading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit || userId === null) return;
    setError(null);
    const answer = await addReview({ user_id: userId, product_id: productId, rating, review: text.trim() });
    // The server's messages are English only: the shopper always reads our own texts in their language.
    if ('error' in answer && answer.error) {
      const refused = statusOf(answer.error) === 403;
      setError(t(refused ? 'catalog.reviews.only_completed_orders' : 'catalog.reviews.submit_error'));
      return;
    }
    notify.success(t('catalog.reviews.submitted'));
    setRating(0);
    setText('');
  };

  return (
    <form
      className="card card-body mt-4"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="review-form-title"
    >
      <h3 id="review-form-title" className="h6">
        {t('catalog.reviews.write')}
      </h3>
      <fieldset className="mb-2">
        <legend className="form-label small mb-1">{t('catalog.reviews.your_rating')}</legend>
        <div className="d-flex gap-1" role="radiogroup">
          {[1, 2, 3, 4, 5].map((stars) => (
            <button
              key={stars}
              type="button"
              role="radio"
              aria-checked={rating === stars}
              aria-label={t('catalog.reviews.stars', { count: stars })}
              className={`btn btn-sm ${stars <= rating ? 'btn-warning' : 'btn-outline-secondary'}`}
              onClick={() => setRating(stars)}
            >
              ★
            </button>
          ))}
        </div>
      </fieldset>
      <label htmlFor="review-text" className="form-label small">
        {t('catalog.reviews.your_review')}
      </label>
      <textarea
        id="review-text"
        className="form-control mb-2"
        rows={3}
        maxLength={2000}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {error && (
        <p className="text-danger small" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary align-self-start" disabled={!canSubmit}>
        {isLoading && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('catalog.reviews.submit')}
      </button>
    </form>
  );
}

/** Rating summary, approved reviews 3 per page, and the review form for signed-in shoppers. */
export function ProductReviews({ productId, productRating }: { productId: number; productRating: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector(selectLanguage);
  const signedIn = useAppSelector(selectIsAuthenticated);
  const { data: reviews, isLoading, isError } = useGetReviewsQuery({ productId, lang });
  const [page, setPage] = useState(1);
  const list = reviews ?? [];
  const pages = Math.max(1, Math.ceil(list.length / REVIEWS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const visible = list.slice((current - 1) * REVIEWS_PAGE_SIZE, current * REVIEWS_PAGE_SIZE);

  return (
    <section className="mt-5 render-when-near" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="h4 mb-3">
        {t('catalog.reviews.title')}
      </h2>
      {isLoading ? (
        <SkeletonBox style={{ blockSize: '8rem' }} />
      ) : isError ? (
        <p className="text-body-secondary" role="alert">
          {t('catalog.reviews.failed')}
        </p>
      ) : (
        <>
          <RatingSummaryView reviews={list} productRating={productRating} />
          {list.length === 0 ? (
            <p className="text-body-secondary">{t('catalog.reviews.none')}</p>
          ) : (
            <ul className="list-unstyled mb-0" data-testid="review-list">
              {visible.map((review) => (
                <li key={review.id} className="border-bottom py-3" data-testid="review">
                  <div className="d-flex flex-wrap justify-content-between gap-2">
                    {/* Written by shoppers in either script: isolated, so "Ahmed K." keeps its full stop at the end. */}
                    <strong>
                      {/* A deleted account's reviews stay without a name. */}
                      <bdi>{review.user_name.trim() || t('catalog.reviews.former_customer')}</bdi>
                    </strong>
                    <span className="small text-body-secondary">{formatDate(review.created_at)}</span>
                  </div>
                  <StarRating value={review.rating} className="small" t={t} />
                  <p className="mb-0 mt-1" dir="auto">
                    {review.review}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <Pagination
            page={current}
            pageCount={pages}
            onPageChange={setPage}
            label={t('catalog.reviews.pages')}
          />
        </>
      )}
      {signedIn ? (
        <ReviewForm productId={productId} />
      ) : (
        <p className="mt-3">
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => dispatch(loginRequired({ reason: 'review' }))}
          >
            {t('catalog.reviews.login_to_review')}
          </button>
        </p>
      )}
    </section>
  );
}
