import { useTranslation } from 'react-i18next';

/** Why an answer did not come: no connection to the shop, no answer in time, or a failed answer. */
export type FailureReason = 'offline' | 'timeout' | 'failed';

interface LoadFailedProps {
  reason: FailureReason;
  /** What could not be loaded, in the page's words (the reason's sentence follows it). */
  title?: string;
  onRetry: () => void;
  /** A retry is under way: the button waits, so one press makes one call. */
  retrying?: boolean;
}

/** A page's answer failed: says why in the shopper's language and offers one button that asks again. */
export function LoadFailed({ reason, title, onRetry, retrying = false }: LoadFailedProps) {
  const { t } = useTranslation();
  return (
    <div
      className="alert alert-danger d-flex flex-wrap align-items-center gap-3"
      role="alert"
      data-testid="load-failed"
    >
      <div className="flex-grow-1">
        {title && <p className="fw-semibold mb-1">{title}</p>}
        <p className="mb-0">{t(`common.load_failed.${reason}`)}</p>
      </div>
      <button
        type="button"
        className="btn btn-danger"
        onClick={onRetry}
        disabled={retrying}
        aria-busy={retrying}
      >
        {t('common.retry')}
      </button>
    </div>
  );
}
