// The account's own security in the back office: its authenticator app (set up here when it has none), and for the
// owner, whether staff must use one too.
import { useId } from 'react';

import { useAppSelector } from '../../../app/hooks';
import { notify } from '../../../lib/notify';
import { selectRole } from '../../auth/public';
import { useAdminT } from '../adminTexts';
import { failureText } from '../adminFormat';
import { Loaded } from '../components/AdminUi';
import { useWithReauth } from '../reauth';
import { SecondFactorEnrolment } from '../components/SecondFactorScreens';
import {
  useSecondFactorStatusQuery,
  useSetShopSecurityMutation,
  useShopSecurityQuery,
} from '../secondFactorApi';

function StaffRequirement() {
  const { t } = useAdminT();
  const id = useId();
  const query = useShopSecurityQuery();
  const [save, { isLoading }] = useSetShopSecurityMutation();
  const withReauth = useWithReauth();
  const change = async (required: boolean) => {
    try {
      await withReauth(() => save({ staff_second_factor: required }));
      notify.success(t('admin.second_factor.saved'));
    } catch (error) {
      notify.error(failureText(t, error));
    }
  };
  return (
    <Loaded query={query}>
      {(security) => (
        <div className="card card-body mt-3">
          <div className="form-check form-switch">
            <input
              id={`${id}-staff`}
              className="form-check-input"
              type="checkbox"
              role="switch"
              checked={security.staff_second_factor}
              disabled={isLoading}
              aria-describedby={`${id}-staff-hint`}
              onChange={(event) => void change(event.target.checked)}
              data-testid="staff-second-factor"
            />
            <label className="form-check-label" htmlFor={`${id}-staff`}>
              {t('admin.second_factor.staff_required_label')}
            </label>
          </div>
          <div id={`${id}-staff-hint`} className="form-text">
            {t('admin.second_factor.staff_required_hint')}
          </div>
        </div>
      )}
    </Loaded>
  );
}

export function SecurityPage() {
  const { t } = useAdminT();
  const owner = useAppSelector(selectRole) === 'owner';
  const status = useSecondFactorStatusQuery();
  return (
    <div data-testid="security-page">
      <h1 className="h4 mb-3">{t('admin.second_factor.security_title')}</h1>
      <Loaded query={status}>
        {(answer) =>
          answer.enrolled ? (
            <div className="card card-body">
              <p className="mb-1">{t('admin.second_factor.enrolled')}</p>
              <p className="mb-0 text-body-secondary">
                {t('admin.second_factor.recovery_left', { count: answer.recovery_codes_left })}
              </p>
            </div>
          ) : (
            <SecondFactorEnrolment required={answer.required} />
          )
        }
      </Loaded>
      {owner && <StaffRequirement />}
    </div>
  );
}
