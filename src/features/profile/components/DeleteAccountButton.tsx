import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { api } from '../../../app/api';
import { signedOut } from '../../../app/events';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../lib/notify';
import { useDeleteAccountMutation } from '../profileApi';
import { profileErrorText } from '../profileErrors';

/** The side menu's last entry: a confirm dialog, then the account is gone, the shopper signed out and home. */
export function DeleteAccountButton() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();

  const confirm = async () => {
    try {
      await deleteAccount().unwrap();
    } catch (error) {
      notify.error(profileErrorText(t, error, 'profile.delete.failed'));
      return;
    }
    setOpen(false);
    // Home first: a profile page that outlived the session would ask the shopper to log in.
    void navigate('/');
    dispatch(signedOut());
    dispatch(api.util.invalidateTags(['Cart', 'Wishlist', 'Address', 'Order', 'User']));
    notify.success(t('profile.delete.success'));
  };

  return (
    <>
      <button
        type="button"
        className="profile-menu__link profile-menu__link--danger"
        onClick={() => setOpen(true)}
      >
        {t('profile.menu.delete')}
      </button>
      <Modal
        show={open}
        onHide={() => !isLoading && setOpen(false)}
        centered
        aria-labelledby="delete-account-title"
      >
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id="delete-account-title" as="h2" className="h5">
            {t('profile.delete.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{t('profile.delete.body')}</p>
        </Modal.Body>
        <Modal.Footer>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => setOpen(false)}
            disabled={isLoading}
          >
            {t('profile.delete.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => void confirm()}
            disabled={isLoading}
          >
            {isLoading ? t('profile.delete.deleting') : t('profile.delete.confirm')}
          </button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
