// The back office's second factor on screen: the sign-in's second step (a code from the app, or a recovery code)
// and the set-up (QR code and key, the first code, the recovery codes shown once). Both keep what was typed when
// a call fails, say why in the staff member's language, and are usable with a keyboard and a screen reader.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import { errorMessage, isNetworkError, statusOf } from '../../../app/api';
import { useAppDispatch } from '../../../app/hooks';
import { foldDigits } from '../../../lib/digits';
import { notify } from '../../../lib/notify';
import { lockedOutMinutes } from '../../auth/public';
import { secondFactorPassed } from '../adminSlice';
import { useAdminT } from '../adminTexts';
import {
  secondFactorApi,
  useCheckSecondFactorMutation,
  useConfirmEnrolmentMutation,
  useStartEnrolmentMutation,
  type EnrolmentResponse,
} from '../secondFactorApi';
import { BusyButton } from './AdminUi';

type Translate = ReturnType<typeof useAdminT>['t'];

/** Why a code was refused, in the staff member's language. */
function codeProblem(t: Translate, error: unknown): string {
  if (isNetworkError(error)) return t('admin.common.failed');
  const minutes = lockedOutMinutes(errorMessage(error));
  if (minutes !== undefined) return t('admin.second_factor.locked_out', { count: minutes });
  if (statusOf(error) === 429) return t('admin.second_factor.too_many');
  if (statusOf(error) === 422) return t('admin.second_factor.wrong_code');
  return t('admin.common.failed');
}

/** A code as typed: Arabic-Indic digits read as digits, spaces dropped. */
const cleanCode = (typed: string) => foldDigits(typed).replace(/\s+/g, '');

interface CodeFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  recovery?: boolean;
  problem: string | null;
  hint?: string;
}

/** One field for a code: the phone's keyboard shows digits, and the system may fill a one-time code in. */
function CodeField({ id, label, value, onChange, recovery = false, problem, hint }: CodeFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, [recovery]);
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        name={recovery ? 'recovery-code' : 'one-time-code'}
        type="text"
        dir="ltr"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize={recovery ? 'characters' : 'off'}
        spellCheck={false}
        maxLength={recovery ? 20 : 6}
        className={`form-control admin-code-field${problem ? ' is-invalid' : ''}`}
        value={value}
        aria-invalid={problem !== null}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {problem && (
        <div id={`${id}-problem`} className="invalid-feedback" role="alert">
          {problem}
        </div>
      )}
    </div>
  );
}

/** The sign-in's second step: the back office opens once a code from the app (or a recovery code) is accepted. */
export function SecondFactorStep() {
  const { t } = useAdminT();
  const dispatch = useAppDispatch();
  const id = useId();
  const [check, { isLoading }] = useCheckSecondFactorMutation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = cleanCode(code);
    if (recovery ? typed.replace(/-/g, '').length < 10 : !/^\d{6}$/.test(typed)) {
      setProblem(t(recovery ? 'admin.second_factor.recovery_required' : 'admin.second_factor.code_required'));
      return;
    }
    setProblem(null);
    try {
      await check({ code: typed }).unwrap();
      notify.success(t('admin.second_factor.passed'));
      dispatch(secondFactorPassed());
    } catch (error) {
      setProblem(codeProblem(t, error));
    }
  };

  return (
    <section
      className="card card-body admin-second-factor"
      aria-labelledby={`${id}-title`}
      data-testid="second-factor-step"
    >
      <h1 id={`${id}-title`} className="h4">
        {t('admin.second_factor.step_title')}
      </h1>
      <p>{t(recovery ? 'admin.second_factor.recovery_intro_step' : 'admin.second_factor.step_intro')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <CodeField
          id={`${id}-code`}
          label={t(recovery ? 'admin.second_factor.recovery_label' : 'admin.second_factor.code_label')}
          value={code}
          onChange={(value) => {
            setCode(value);
            setProblem(null);
          }}
          recovery={recovery}
          problem={problem}
        />
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <BusyButton
            type="submit"
            busy={isLoading}
            label={t('admin.second_factor.verify')}
            busyLabel={t('admin.common.working')}
            testId="second-factor-submit"
          />
          <button
            type="button"
            className="btn btn-link"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              setProblem(null);
            }}
          >
            {t(recovery ? 'admin.second_factor.use_app' : 'admin.second_factor.use_recovery')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The recovery codes, shown once: the staff member says when they are kept. */
function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone(): void }) {
  const { t } = useAdminT();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div data-testid="recovery-codes">
      <h2 id={`${id}-title`} className="h5" tabIndex={-1} ref={heading}>
        {t('admin.second_factor.recovery_title')}
      </h2>
      <p>{t('admin.second_factor.recovery_intro')}</p>
      <ol className="admin-recovery-codes" dir="ltr" aria-labelledby={`${id}-title`}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn-primary" onClick={onDone} data-testid="recovery-codes-kept">
        {t('admin.second_factor.recovery_done')}
      </button>
    </div>
  );
}

/** The key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Setting the app up: a QR code and its key, then the app's first code; then the recovery codes, once. `required`:
 * the back office cannot be used until it is done (the owner of a real shop; staff when the owner asks).
 */
export function SecondFactorEnrolment({ required, onEnrolled }: { required: boolean; onEnrolled?(): void }) {
  const { t } = useAdminT();
  const dispatch = useAppDispatch();
  const id = useId();
  const [start, started] = useStartEnrolmentMutation();
  const [confirm, confirming] = useConfirmEnrolmentMutation();
  const [enrolment, setEnrolment] = useState<EnrolmentResponse | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [startProblem, setStartProblem] = useState<string | null>(null);

  const begin = async () => {
    setStartProblem(null);
    try {
      setEnrolment(await start().unwrap());
    } catch (error) {
      setStartProblem(codeProblem(t, error));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = cleanCode(code);
    if (!/^\d{6}$/.test(typed)) {
      setProblem(t('admin.second_factor.code_required'));
      return;
    }
    setProblem(null);
    try {
      const answer = await confirm({ code: typed }).unwrap();
      setRecovery(answer.recovery_codes);
      // The key is not needed any more, and not kept on screen.
      setEnrolment(null);
    } catch (error) {
      setProblem(codeProblem(t, error));
    }
  };

  const done = () => {
    notify.success(t('admin.second_factor.enrolled'));
    dispatch(secondFactorPassed());
    dispatch(secondFactorApi.util.invalidateTags(['SecondFactor']));
    onEnrolled?.();
  };

  return (
    <section
      className="card card-body admin-second-factor"
      aria-labelledby={`${id}-title`}
      data-testid="second-factor-enrolment"
    >
      <h1 id={`${id}-title`} className="h4">
        {t('admin.second_factor.enrol_title')}
      </h1>
      {recovery ? (
        <RecoveryCodes codes={recovery} onDone={done} />
      ) : enrolment ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <p id={`${id}-scan`}>{t('admin.second_factor.scan')}</p>
          <img
            src={enrolment.qr_code}
            alt={t('admin.second_factor.qr_alt')}
            width={200}
            height={200}
            className="admin-qr mb-3 d-block"
          />
          <p className="mb-1">{t('admin.second_factor.secret_label')}</p>
          <p>
            <code dir="ltr" data-testid="second-factor-secret" className="admin-secret">
              {grouped(enrolment.secret)}
            </code>
          </p>
          <CodeField
            id={`${id}-code`}
            label={t('admin.second_factor.confirm_label')}
            value={code}
            onChange={(value) => {
              setCode(value);
              setProblem(null);
            }}
            problem={problem}
          />
          <BusyButton
            type="submit"
            busy={confirming.isLoading}
            label={t('admin.second_factor.confirm')}
            busyLabel={t('admin.common.working')}
            testId="second-factor-confirm"
          />
        </form>
      ) : (
        <>
          <p>{t(required ? 'admin.second_factor.enrol_required' : 'admin.second_factor.enrol_optional')}</p>
          {startProblem && (
            <p className="alert alert-danger" role="alert">
              {startProblem}
            </p>
          )}
          <div>
            <BusyButton
              busy={started.isLoading}
              label={t('admin.second_factor.start')}
              busyLabel={t('admin.common.working')}
              onClick={() => void begin()}
              testId="second-factor-start"
            />
          </div>
        </>
      )}
    </section>
  );
}
