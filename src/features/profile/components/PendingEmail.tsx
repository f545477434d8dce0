import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage, fieldErrors, isNetworkError, statusOf } from '../../../app/api';
import { profileEmailChanged } from '../../../app/events';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../lib/notify';
import { CodeBoxes, emptyCode, type CodeBoxesHandle } from '../../../ui/CodeBoxes';
import {
  profileApi,
  useCancelEmailChangeMutation,
  useConfirmEmailMutation,
  useResendEmailCodeMutation,
  type User,
} from '../profileApi';
import { lockedOutMinutes } from '../../auth/public';
import { EMAIL_TAKEN } from '../profileErrors';

const CODE_LENGTH = 6;
const NOTHING_PENDING = 'There is no new email waiting for a code.';

/** An address inside a sentence of either direction keeps its own order. */
const isolated = (email: string) => `\u2068${email}\u2069`;

type Problem = 'incomplete' | 'wrong' | 'too_many' | 'taken' | 'nothing_pending' | 'failed';

function problemOf(error: unknown): Problem {
  if (isNetworkError(error)) return 'failed';
  if (statusOf(error) === 429) return 'too_many';
  const fields = fieldErrors(error);
  if (fields.email === EMAIL_TAKEN) return 'taken';
  if (fields.code === NOTHING_PENDING || errorMessage(error) === NOTHING_PENDING) return 'nothing_pending';
  if (statusOf(error) === 422) return 'wrong';
  return 'failed';
}

const PROBLEM_KEYS: Record<Problem, string> = {
  incomplete: 'profile.email_change.incomplete',
  wrong: 'profile.email_change.wrong',
  too_many: 'profile.email_change.too_many',
  taken: 'profile.messages.email_already_registered',
  nothing_pending: 'profile.email_change.nothing_pending',
  failed: 'profile.email_change.failed',
};

/**
 * A new e-mail the server holds back until the code mailed to it comes back: says which address stays until
 * then, takes the code in six boxes, sends a new one, or keeps the current address.
 */
export function PendingEmail({ user, pending }: { user: User; pending: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [confirm, { isLoading: confirming }] = useConfirmEmailMutation();
  const [resend, { isLoading: resending }] = useResendEmailCodeMutation();
  const [cancel, { isLoading: cancelling }] = useCancelEmailChangeMutation();
  const busy = confirming || resending || cancelling;
  const [code, setCode] = useState(() => emptyCode(CODE_LENGTH));
  const [problem, setProblem] = useState<Problem | null>(null);
  // A lockout after wrong codes says how long it lasts (server/lib/guessLockout.ts).
  const [lockedMinutes, setLockedMinutes] = useState<number | undefined>(undefined);
  const boxes = useRef<CodeBoxesHandle>(null);
  // Focus moves after the render that re-enables the boxes (a disabled box cannot take focus).
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests > 0) boxes.current?.focusFirst();
  }, [focusRequests]);

  const showProblem = (error: unknown) => {
    const found = problemOf(error);
    setProblem(found);
    setLockedMinutes(found === 'too_many' ? lockedOutMinutes(errorMessage(error)) : undefined);
    // Another tab confirmed or cancelled it: the profile shows what the server holds now.
    if (found === 'nothing_pending') dispatch(profileApi.util.invalidateTags([{ type: 'User', id: 'ME' }]));
    return found;
  };

  const startAgain = () => {
    setCode(emptyCode(CODE_LENGTH));
    setFocusRequests((count) => count + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const joined = code.join('');
    if (!/^\d{6}$/.test(joined)) {
      setProblem('incomplete');
      return;
    }
    setProblem(null);
    try {
      const answer = await confirm({ code: joined }).unwrap();
      dispatch(profileEmailChanged({ email: answer.user.email, userId: answer.user.id }));
      notify.success(t('profile.email_change.confirmed', { email: isolated(answer.user.email) }));
    } catch (error) {
      // Only a refused code condemns what was typed: offline or a server fault leaves it for another try.
      if (showProblem(error) === 'wrong') startAgain();
    }
  };

  const sendAgain = async () => {
    try {
      await resend().unwrap();
      notify.success(t('profile.email_change.resent', { email: isolated(pending) }));
      setProblem(null);
      startAgain();
    } catch (error) {
      showProblem(error);
    }
  };

  const keepCurrent = async () => {
    try {
      const answer = await cancel().unwrap();
      notify.info(t('profile.email_change.cancelled', { email: isolated(answer.user.email) }));
    } catch (error) {
      showProblem(error);
    }
  };

  return (
    <section
      className="card border-primary-subtle mb-4"
      aria-labelledby="pending-email-title"
      data-testid="pending-email"
      style={{ maxInlineSize: '32rem' }}
    >
      <form noValidate className="card-body" onSubmit={(event) => void submit(event)}>
        <h2 id="pending-email-title" className="h6 card-title">
          {t('profile.email_change.title')}
        </h2>
        <p id="pending-email-intro" className="card-text small">
          {t('profile.email_change.pending', { pending: isolated(pending), current: isolated(user.email) })}
        </p>
        <CodeBoxes
          ref={boxes}
          idPrefix="pending-email-code"
          label={t('profile.email_change.code_label')}
          value={code}
          onChange={(next) => {
            setCode(next);
            setProblem(null);
          }}
          invalid={problem === 'incomplete' || problem === 'wrong'}
          describedBy={problem ? 'pending-email-problem' : 'pending-email-intro'}
          disabled={busy}
        />
        <div id="pending-email-problem" className="text-danger small mt-2" role="alert">
          {problem && lockedMinutes !== undefined
            ? t('profile.email_change.locked_out', { count: lockedMinutes })
            : problem
              ? t(PROBLEM_KEYS[problem])
              : null}
        </div>
        <div className="d-flex flex-wrap gap-2 mt-3">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {confirming ? t('profile.email_change.confirming') : t('profile.email_change.confirm')}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => void sendAgain()}
            disabled={busy}
          >
            {resending ? t('profile.email_change.resending') : t('profile.email_change.resend')}
          </button>
          <button
            type="button"
            className="btn btn-link text-body-secondary"
            onClick={() => void keepCurrent()}
            disabled={busy}
          >
            {cancelling ? t('profile.email_change.cancelling') : t('profile.email_change.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
