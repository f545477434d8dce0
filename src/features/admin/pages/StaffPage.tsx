// The owner's page: who may use the back office. The owner makes an existing account staff by its e-mail and takes
// the role back; an owner's role is not changed here (the server refuses it too, so the shop never loses its owner).
// Per person, the owner switches the mails of each paid order and each review waiting.
import { useId, useState, type FormEvent } from 'react';

import { useAppSelector } from '../../../app/hooks';
import { selectRole, selectUserEmail } from '../../auth/public';
import {
  useSetRoleMutation,
  useSetStaffNotificationsMutation,
  useStaffQuery,
  type StaffMember,
} from '../adminApi';
import { useAdminT } from '../adminTexts';
import { BusyButton, ConfirmedAction, Loaded } from '../components/AdminUi';
import { useStaffAction } from '../useStaffAction';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function AddStaff() {
  const { t } = useAdminT();
  const act = useStaffAction();
  const [setRole, { isLoading }] = useSetRoleMutation();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    if (!EMAIL.test(typed)) {
      setProblem(t('admin.staff.email_invalid'));
      return;
    }
    setProblem(null);
    const answer = await act(
      () => setRole({ email: typed, role: 'staff' }),
      (done) => t('admin.staff.made', { email: done.member.email }),
    );
    // What was typed stays when the call failed (an unknown e-mail can be corrected).
    if (answer) setEmail('');
  };
  return (
    <form
      className="card card-body mb-3"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="add-staff"
    >
      <label className="form-label" htmlFor={`${id}-email`}>
        {t('admin.staff.email')}
      </label>
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <div className="flex-grow-1 admin-staff-email">
          <input
            id={`${id}-email`}
            type="email"
            dir="ltr"
            autoComplete="off"
            maxLength={255}
            className={`form-control${problem ? ' is-invalid' : ''}`}
            value={email}
            aria-invalid={problem !== null}
            aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
            onChange={(event) => {
              setEmail(event.target.value);
              setProblem(null);
            }}
          />
          {problem && (
            <div id={`${id}-problem`} className="invalid-feedback" role="alert">
              {problem}
            </div>
          )}
          <div id={`${id}-hint`} className="form-text">
            {t('admin.staff.email_hint')}
          </div>
        </div>
        <BusyButton
          type="submit"
          busy={isLoading}
          label={t('admin.staff.make_staff')}
          busyLabel={t('admin.common.working')}
          testId="make-staff"
        />
      </div>
    </form>
  );
}

/** The member's mails of paid orders and reviews waiting: a switch that waits for the server's answer. */
function NotificationsSwitch({ member }: { member: StaffMember }) {
  const { t } = useAdminT();
  const act = useStaffAction();
  const [setNotifications, { isLoading }] = useSetStaffNotificationsMutation();
  const id = useId();
  return (
    <div className="form-check form-switch mb-0">
      <input
        id={`${id}-notify`}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={member.notifications}
        disabled={isLoading}
        aria-busy={isLoading}
        data-testid="staff-notifications"
        onChange={(event) => {
          const on = event.target.checked;
          void act(
            setNotifications({ id: member.id, on }),
            t(on ? 'admin.staff.notifications_on' : 'admin.staff.notifications_off', { email: member.email }),
          );
        }}
      />
      <label className="form-check-label small" htmlFor={`${id}-notify`}>
        {t('admin.staff.notifications')}
      </label>
    </div>
  );
}

function Member({ member, me }: { member: StaffMember; me: string | null }) {
  const { t } = useAdminT();
  const act = useStaffAction();
  const [setRole, { isLoading }] = useSetRoleMutation();
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-2" data-testid="staff-member">
      <div className="flex-grow-1 min-w-0">
        <div className="fw-semibold">
          <bdi>{member.name}</bdi>
          {member.email === me && (
            <span className="text-body-secondary fw-normal"> {t('admin.staff.you')}</span>
          )}
        </div>
        <div className="small text-body-secondary text-break" dir="ltr">
          {member.email}
        </div>
      </div>
      <span
        className={`badge ${member.role === 'owner' ? 'text-bg-primary' : 'text-bg-secondary'}`}
        data-testid="staff-role"
      >
        {t(`admin.staff.roles.${member.role}`)}
      </span>
      <NotificationsSwitch member={member} />
      {member.role === 'staff' && (
        <ConfirmedAction
          label={t('admin.staff.remove')}
          busyLabel={t('admin.common.working')}
          question={t('admin.staff.remove_confirm', { email: member.email })}
          busy={isLoading}
          variant="danger"
          testId="remove-staff"
          onConfirm={() =>
            void act(
              () => setRole({ email: member.email, role: 'shopper' }),
              t('admin.staff.removed', { email: member.email }),
            )
          }
        />
      )}
    </li>
  );
}

export function StaffPage() {
  const { t } = useAdminT();
  const role = useAppSelector(selectRole);
  const me = useAppSelector(selectUserEmail);
  const owner = role === 'owner';
  const query = useStaffQuery(undefined, { skip: !owner });
  return (
    <section aria-labelledby="staff-title">
      <h1 id="staff-title" className="h4 mb-3">
        {t('admin.staff.title')}
      </h1>
      {!owner ? (
        <p className="alert alert-warning">{t('admin.refusals.not_owner')}</p>
      ) : (
        <>
          <p className="text-body-secondary">{t('admin.staff.intro')}</p>
          <AddStaff />
          <Loaded query={query}>
            {(answer) => (
              <ul className="list-group" aria-label={t('admin.staff.list')} data-testid="staff-list">
                {answer.data.map((member) => (
                  <Member key={member.id} member={member} me={me} />
                ))}
              </ul>
            )}
          </Loaded>
        </>
      )}
    </section>
  );
}
