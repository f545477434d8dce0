import Modal from 'react-bootstrap/Modal';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'react-i18next';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { authModalClosed, authModalViewChanged, selectAuthModal } from '../authSlice';

/** Login and signup tabs (spec 01 §2). The forms themselves are the account-area issue's. */
export default function AuthModal() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { open, view } = useAppSelector(selectAuthModal);
  return (
    <Modal show={open} onHide={() => dispatch(authModalClosed())} centered aria-labelledby="auth-modal-title">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="auth-modal-title">{t('auth.modal.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Tabs
          id="auth-tabs"
          activeKey={view === 'signup' ? 'signup' : 'login'}
          onSelect={(key) => dispatch(authModalViewChanged(key === 'signup' ? 'signup' : 'login'))}
          className="mb-3"
          fill
        >
          <Tab eventKey="login" title={t('auth.modal.login_tab')}>
            <p className="text-body-secondary mb-0">{t('common.coming_soon.body')}</p>
          </Tab>
          <Tab eventKey="signup" title={t('auth.modal.signup_tab')}>
            <p className="text-body-secondary mb-0">{t('common.coming_soon.body')}</p>
          </Tab>
        </Tabs>
      </Modal.Body>
    </Modal>
  );
}
