// "Confirm it's you": a sensitive action (staff changes, refunds, big coupons) was refused because the session last
// proved its holder more than 15 minutes ago. The password, or a code from the app, confirms it; the action then
// runs again by itself (reauth.ts), with everything the staff member had typed.
import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';

import { errorMessage, isNetworkError, statusOf } from '../../../app/api';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { foldDigits } from '../../../lib/digits';
import { lockedOutMinutes } from '../../auth/public';
import { reauthClosed, selectReauthOpen } from '../adminSlice';
import { useAdminT } from '../adminTexts';
import { settleReauth } from '../reauth';
import { useReauthenticateMutation, useSecondFactorStatusQuery } from '../secondFactorApi';
import { BusyButton } from './AdminUi';

export function ReauthDialog() {
  const open = useAppSelector(selectReauthOpen);
  // Mounted afresh for each request, so nothing typed the last time stays in the field.
  return open ? <ReauthForm /> : null;
}

function ReauthForm() {
  const { t } = useAdminT();
  const id = useId();
  const enrolled = useSecondFactorStatusQuery().data?.enrolled ?? false;
  const [reauthenticate, { isLoading }] = useReauthenticateMutation();
  const [useCode, setUseCode] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const settle = (confirmed: boolean) => {
    dispatch(reauthClosed());
    settleReauth(confirmed);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = useCode ? foldDigits(value).replace(/\s+/g, '') : value;
    if (typed === '') {
      setProblem(t(useCode ? 'admin.reauth.code_required' : 'admin.reauth.password_required'));
      return;
    }
    setProblem(null);
    try {
      await reauthenticate(useCode ? { code: typed } : { password: typed }).unwrap();
      settle(true);
    } catch (error) {
      const minutes = lockedOutMinutes(errorMessage(error));
      if (minutes !== undefined) setProblem(t('admin.second_factor.locked_out', { count: minutes }));
      else if (isNetworkError(error) || statusOf(error) !== 422) setProblem(t('admin.common.failed'));
      else setProblem(t(useCode ? 'admin.second_factor.wrong_code' : 'admin.reauth.wrong_password'));
    }
  };

  const fieldId = `${id}-field`;
  return (
    <Modal show onHide={() => settle(false)} aria-labelledby={`${id}-title`} centered>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="reauth-dialog">
        <Modal.Header closeButton closeLabel={t('admin.reauth.cancel')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {t('admin.reauth.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p id={`${id}-intro`}>{t('admin.reauth.intro')}</p>
          <label className="form-label" htmlFor={fieldId}>
            {t(useCode ? 'admin.second_factor.code_label' : 'admin.reauth.password')}
          </label>
          <input
            key={useCode ? 'code' : 'password'}
            id={fieldId}
            autoFocus
            type={useCode ? 'text' : 'password'}
            dir="ltr"
            inputMode={useCode ? 'numeric' : undefined}
            autoComplete={useCode ? 'one-time-code' : 'current-password'}
            maxLength={useCode ? 20 : 255}
            className={`form-control${problem ? ' is-invalid' : ''}`}
            value={value}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-intro ${id}-problem` : `${id}-intro`}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
            }}
          />
          {problem && (
            <div id={`${id}-problem`} className="invalid-feedback" role="alert">
              {problem}
            </div>
          )}
          {enrolled && (
            <button
              type="button"
              className="btn btn-link px-0 mt-2"
              onClick={() => {
                setUseCode(!useCode);
                setValue('');
                setProblem(null);
              }}
            >
              {t(useCode ? 'admin.reauth.use_password' : 'admin.reauth.use_code')}
            </button>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={() => settle(false)}>
            {t('admin.reauth.cancel')}
          </button>
          <BusyButton
            type="submit"
            busy={isLoading}
            label={t('admin.reauth.confirm')}
            busyLabel={t('admin.common.working')}
            testId="reauth-confirm"
          />
        </Modal.Footer>
      </form>
    </Modal>
  );
}
