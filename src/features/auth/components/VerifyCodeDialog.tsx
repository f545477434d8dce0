import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidationError } from 'yup';
import { notify } from '../../../lib/notify';

import { statusOf } from '../../../app/api';
import { signedIn } from '../../../app/events';
import { useAppDispatch } from '../../../app/hooks';
import { maskEmail } from '../../../lib/mask';
import { CodeBoxes, emptyCode, type CodeBoxesHandle } from '../../../ui/CodeBoxes';
import { useSendVerificationCodeMutation, useVerifyCodeMutation } from '../authApi';
import { localizedErrorMessage } from '../authErrors';
import { CODE_LENGTH, validationKey, verificationBoxesSchema } from '../schemas';
import { formatCountdown, useCountdown, VERIFICATION_COUNTDOWN_SECONDS } from '../useCountdown';

interface Props {
  email: string;
  /** From the registration answer, in case the verification answer leaves the id out. */
  userId?: number | null;
}

/**
 * The dialog after registration. Six boxes, a 15-minute countdown, resend at 0, the e-mail masked;
 * success signs the new customer in.
 */
export function VerifyCodeDialog({ email, userId }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [verify, { isLoading: verifying }] = useVerifyCodeMutation();
  const [resend, { isLoading: resending }] = useSendVerificationCodeMutation();
  const { remaining, restart } = useCountdown(VERIFICATION_COUNTDOWN_SECONDS);
  const [code, setCode] = useState(() => emptyCode(CODE_LENGTH));
  const [problem, setProblem] = useState<string | null>(null);
  const boxes = useRef<CodeBoxesHandle>(null);
  // Focus moves after the render that re-enables the boxes (a disabled box cannot take focus).
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests > 0) boxes.current?.focusFirst();
  }, [focusRequests]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      verificationBoxesSchema.validateSync({ code });
    } catch (error) {
      if (error instanceof ValidationError) setProblem(t(validationKey(error.message)));
      return;
    }
    const joined = code.join('');
    setProblem(null);
    try {
      const answer = await verify({ email, code: joined }).unwrap();
      const id = answer.id ?? userId;
      if (!answer.token || typeof id !== 'number') throw new Error('Invalid response format');
      dispatch(signedIn({ token: answer.token, userId: id, email: answer.email ?? email }));
      notify.success(t('auth.register.success'));
    } catch (error) {
      const message = localizedErrorMessage(t, error) ?? t('auth.errors.verification_failed');
      notify.error(message);
      if (statusOf(error) === 422) {
        // Only the server's 'wrong or expired code' answer condemns the code: start again from an empty first box.
        setProblem(t('auth.code.wrong', { code: joined }));
        setCode(emptyCode(CODE_LENGTH));
        setFocusRequests((count) => count + 1);
      } else {
        // Offline, too many attempts, a server fault: the code may be right, so it stays for another try.
        setProblem(message);
      }
    }
  };

  const resendCode = async () => {
    try {
      await resend({ email }).unwrap();
      notify.success(t('auth.code.resent'));
      setCode(emptyCode(CODE_LENGTH));
      setProblem(null);
      restart();
      setFocusRequests((count) => count + 1);
    } catch (error) {
      notify.error(localizedErrorMessage(t, error) ?? t('auth.errors.error_resending_code'));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-describedby="verify-intro">
      <p id="verify-intro" className="text-center">
        {t('auth.verify.intro')}{' '}
        <strong dir="ltr" data-testid="masked-email">
          {maskEmail(email)}
        </strong>
      </p>
      <CodeBoxes
        ref={boxes}
        idPrefix="verify-code"
        label={t('auth.fields.verification_code')}
        value={code}
        onChange={(next) => {
          setCode(next);
          setProblem(null);
        }}
        invalid={Boolean(problem)}
        describedBy={problem ? 'verify-code-problem' : undefined}
        disabled={verifying}
        autoFocus
      />
      <div id="verify-code-problem" className="text-danger small text-center mt-2" role="alert">
        {problem}
      </div>
      <p className="text-center small text-body-secondary mt-2 mb-3">
        {remaining > 0 ? (
          <span role="timer" aria-live="off" data-testid="countdown">
            {t('auth.verify.expires_in')} <span dir="ltr">{formatCountdown(remaining)}</span>
          </span>
        ) : (
          <button
            type="button"
            className="btn btn-link p-0"
            onClick={() => void resendCode()}
            disabled={resending}
          >
            {resending ? t('auth.code.resending') : t('auth.code.resend_now')}
          </button>
        )}
      </p>
      <button type="submit" className="btn btn-primary w-100" disabled={verifying}>
        {verifying ? t('auth.code.verifying') : t('auth.code.verify')}
      </button>
    </form>
  );
}
