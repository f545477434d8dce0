import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage, statusOf } from '../../../app/api';
import { loginRequired } from '../../../app/events';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SHOP_NAMESPACE } from '../../../i18n/i18n';
import { formatMoney } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { selectIsAuthenticated } from '../../auth/public';
import { selectCoupons, selectHomeArgs, useCoupons } from '../../catalog/public';
import { selectCurrency, selectLanguage } from '../../settings/public';
import { useApplyCouponMutation } from '../couponApi';
import { appliedTermsIn, checkCoupon, type CouponProblem } from '../couponRules';
import { selectAppliedCoupon } from '../couponSelectors';
import { couponApplied, couponRemoved } from '../couponSlice';

type Problem =
  | CouponProblem
  | 'error_applying_coupon'
  | 'login_required_for_discount_codes'
  | 'coupon_used_up'
  | 'coupon_used_up_by_you';

/** The server's two refusals of a coupon past its limits (server/services/couponUses.ts). */
const USED_UP_MESSAGES: Record<string, 'coupon_used_up' | 'coupon_used_up_by_you'> = {
  'This coupon has been used up.': 'coupon_used_up',
  'You have already used this coupon as many times as it allows.': 'coupon_used_up_by_you',
};

export interface CouponBoxProps {
  /** the subtotal the server is told (it prices the cart itself) */
  cartTotal: number;
  /** cartTotal's currency (the shown one when absent) */
  currency?: string;
  /**
   * hide: the cart shows the box to signed-in shoppers only; ask_to_log_in: checkout shows it to guests too,
   * and applying asks them to log in.
   */
  guests?: 'hide' | 'ask_to_log_in';
}

/** "Have a coupon?" → code input (cancellable) → the list's rules, then the server's confirmation. */
export function CouponBox({ cartTotal, currency: totalCurrency, guests = 'hide' }: CouponBoxProps) {
  const { t, ready } = useTranslation(['translation', SHOP_NAMESPACE]);
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const applied = useAppSelector(selectAppliedCoupon);
  const homeArgs = useAppSelector(selectHomeArgs);
  const { isLoading: listLoading } = useCoupons(homeArgs);
  const coupons = useAppSelector(selectCoupons);
  const [applyCoupon, { isLoading: applying }] = useApplyCouponMutation();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  // the minimum (in cartTotal's currency) a below_minimum problem names
  const [minimum, setMinimum] = useState(0);
  const shownCurrency = useAppSelector(selectCurrency);
  const language = useAppSelector(selectLanguage);
  const currency = totalCurrency ?? shownCurrency;
  const ids = useId();
  const problemText = (reason: Problem, least = minimum) =>
    t(`coupon.${reason}`, { amount: formatMoney(least, currency, language) });

  if (!ready || (!signedIn && guests === 'hide')) return null;

  if (applied && signedIn) {
    const terms = appliedTermsIn(applied, coupons, currency);
    const under = terms !== null && terms.minimum > 0 && cartTotal < terms.minimum;
    return (
      <div
        // On a narrow screen the remove link goes below the badge rather than squeezing it into three lines.
        className="d-flex flex-wrap align-items-center justify-content-between column-gap-3 row-gap-1 mb-3"
        data-testid="applied-coupon"
      >
        <span className="badge text-bg-success fs-6 fw-normal text-wrap text-start mw-100">
          {terms?.kind === 'amount'
            ? t('coupon.applied_amount', {
                code: applied.code,
                amount: formatMoney(terms.amount, currency, language),
              })
            : t('coupon.applied', { code: applied.code, percent: applied.percent })}
        </span>
        <button
          type="button"
          className="btn btn-link btn-sm p-0 text-nowrap"
          onClick={() => dispatch(couponRemoved())}
        >
          {t('coupon.remove')}
        </button>
        {under && (
          <p className="w-100 small text-danger mb-0" role="status" data-testid="coupon-below-minimum">
            {problemText('below_minimum', terms.minimum)}
          </p>
        )}
      </div>
    );
  }

  if (!open) {
    return (
      <button type="button" className="btn btn-link p-0 mb-3" onClick={() => setOpen(true)}>
        {t('coupon.have_coupon')}
      </button>
    );
  }

  const refuse = (reason: Problem, least = 0) => {
    setProblem(reason);
    setMinimum(least);
    const text = problemText(reason, least);
    if (reason === 'login_required_for_discount_codes') notify.warning(text, { toastId: reason });
    else notify.error(text, { toastId: reason });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '' || applying) return;
    if (!signedIn) return refuse('login_required_for_discount_codes');
    const verdict = checkCoupon(coupons, code, Date.now(), cartTotal, currency);
    if ('problem' in verdict) return refuse(verdict.problem, verdict.minimum);
    const { coupon } = verdict;
    const answer = await applyCoupon({ coupon_code: coupon.code, cart_total: cartTotal });
    if (answer.error)
      return refuse(
        statusOf(answer.error) === 422
          ? (USED_UP_MESSAGES[errorMessage(answer.error) ?? ''] ?? 'invalid_coupon')
          : 'error_applying_coupon',
      );
    setProblem(null);
    setOpen(false);
    setCode('');
    // The server's answer is in the cache under the code (couponApi); the slice keeps the code.
    dispatch(couponApplied({ code: coupon.code }));
    notify.success(t('coupon.coupon_applied_successfully'), { toastId: 'coupon-applied' });
  };

  const busy = applying || listLoading;
  return (
    <form className="mb-3" onSubmit={(event) => void submit(event)} noValidate>
      <label className="form-label" htmlFor={`${ids}-code`}>
        {t('coupon.label')}
      </label>
      <div className="input-group has-validation">
        <input
          id={`${ids}-code`}
          className={`form-control${problem ? ' is-invalid' : ''}`}
          value={code}
          dir="auto"
          autoComplete="off"
          maxLength={64}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${ids}-problem` : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setProblem(null);
          }}
        />
        <button type="submit" className="btn btn-primary" disabled={code.trim() === '' || busy}>
          {applying ? (
            <>
              <span className="spinner-border spinner-border-sm" aria-hidden="true" />
              <span className="visually-hidden">{t('coupon.applying')}</span>
            </>
          ) : (
            t('coupon.apply')
          )}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => {
            setOpen(false);
            setCode('');
            setProblem(null);
          }}
        >
          {t('coupon.cancel')}
        </button>
        {problem && (
          <div id={`${ids}-problem`} className="invalid-feedback" role="alert">
            {problemText(problem)}
            {problem === 'login_required_for_discount_codes' && (
              <button
                type="button"
                className="btn btn-link btn-sm p-0 ms-2 align-baseline"
                onClick={() => dispatch(loginRequired({ reason: 'coupon' }))}
              >
                {t('coupon.log_in')}
              </button>
            )}
          </div>
        )}
      </div>
    </form>
  );
}
