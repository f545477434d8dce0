import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

import { notify } from '../../../lib/notify';
import { useCancelOrderMutation } from '../ordersApi';

interface Props {
  orderId: number | null;
  onClose(): void;
}

/** Asks before cancelling: a cancelled order cannot be paid any more. */
export function CancelOrderDialog({ orderId, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [cancelOrder, { isLoading }] = useCancelOrderMutation();

  const confirm = async () => {
    if (orderId === null) return;
    const answer = await cancelOrder(orderId);
    if ('error' in answer) {
      notify.error(t('orders.cancel.failed'));
    } else {
      notify.success(t('orders.cancel.done', { id: orderId }));
    }
    onClose();
  };

  return (
    <Modal show={orderId !== null} onHide={onClose} aria-labelledby={titleId} centered>
      <Modal.Header closeButton closeLabel={t('orders.rating.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('orders.cancel.title', { id: orderId ?? '' })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{t('orders.cancel.body')}</Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={isLoading}>
          {t('orders.cancel.keep')}
        </button>
        <button type="button" className="btn btn-danger" onClick={() => void confirm()} disabled={isLoading}>
          {isLoading ? t('orders.cancel.cancelling') : t('orders.cancel.confirm')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
