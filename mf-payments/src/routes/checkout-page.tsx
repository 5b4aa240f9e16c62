import '../lib/i18n';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PAYMENT_METHODS,
  ErrorAlert,
  chooseDiscount,
  FETCH_MIN_DELAY_MS,
  forgetLinkedCode,
  isPaymentMethod,
  toDisplayError,
  useGetDiscountCodeQuery,
  useGetSettingsQuery,
  withSuspense,
} from '@dating/shared';
import { NS } from '../lib/i18n';
import { leavePage } from '../lib/navigate-away';
import { walletAvailable } from '../lib/wallets';
import { useReturnPath, withReturn } from '../lib/return-path';
import { useGetPackagesQuery } from '../features/packages/api/get-packages';
import { discountApplies, usableDiscount, useActiveDiscount } from '../lib/use-active-discount';
import { MinimumMessageCost } from '../features/packages/components/minimum-message-cost';
import { PackageCard, PackageCardSkeleton } from '../features/packages/components/package-card';
import { usePaymentsCreateOrderMutation } from '../features/orders/api/create-order';
import styles from './checkout-page.module.scss';
import type { RemoteComponent } from '@dating/shared/remotes';

/**
 * `/credits/:id/:paymentmethod?`: the chosen package and the methods of the payment country (docs/product/routes-and-layouts.md, docs/product/credits-and-payments.md).
 * Paying creates the order on the server (which prices it) and leaves for the provider's checkout.
 */
function CheckoutPage() {
  const { t } = useTranslation(NS);
  const params = useParams();
  const returnPath = useReturnPath();
  const id = Number(params.id);
  const method = isPaymentMethod(params.paymentmethod) ? params.paymentmethod : null;
  const { data, isLoading } = useGetPackagesQuery();
  const { data: settings } = useGetSettingsQuery();
  const discount = useActiveDiscount();
  const [code, setCode] = useState('');
  const [payWhenChecked, setPayWhenChecked] = useState(false);
  // A typed code is checked with discountcode.php as it is entered, once typing pauses (the fetch minimum delay).
  const [checked, setChecked] = useState('');
  const typed = code.trim();
  useEffect(() => {
    if (typed === checked) return undefined;
    const timer = setTimeout(() => setChecked(typed), FETCH_MIN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, checked]);
  const lookup = useGetDiscountCodeQuery({ code: checked }, { skip: !checked });
  const checking = typed !== '' && (typed !== checked || lookup.isFetching);
  // Betalen pressed while the typed code was still being checked: the order goes once the answer is in.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!payWhenChecked || checking) return;
    setPayWhenChecked(false);
    form.current?.requestSubmit();
  }, [payWhenChecked, checking]);
  const [createOrder, order] = usePaymentsCreateOrderMutation();
  const pkg = data?.packages.find((item) => item.id === id);
  const methods = data?.methods ?? DEFAULT_PAYMENT_METHODS;
  // A wallet only where this device can pay with it (Apple Pay on Apple devices with a card in the wallet).
  const shown = methods.filter((item) => walletAvailable(item) || item === method);

  if (isLoading) return <div className="container py-3">{<PackageCardSkeleton />}</div>;
  if (!pkg) {
    return (
      <div className="container py-5 text-center">
        <p>{t('checkout.notFound')}</p>
        <Link to={withReturn('/credits', returnPath)} className="btn btn-primary">
          {t('checkout.toPackages')}
        </Link>
      </div>
    );
  }

  // docs/adr/0033-discount-rule.md: the member gets the better of the typed code and the automatic discount (time bonus,
  // else welcome code). A typed code that is unknown, used or not applicable only says so; the automatic one stays.
  const typedDiscount = typed && !checking && !lookup.isError ? usableDiscount('link', lookup.data) : null;
  const typedExpired = Boolean(typed && !checking && lookup.data && lookup.data.expired);
  const typedError = typed && !checking ? toDisplayError(lookup.error) : null;
  const typedNotApplicable =
    typedDiscount !== null && !discountApplies(typedDiscount, pkg.price.amount, method);
  const automatic = discount && discountApplies(discount, pkg.price.amount, method) ? discount : null;
  const choice = chooseDiscount(typedNotApplicable ? null : typedDiscount, automatic);
  const applied = choice.discount;

  async function pay(event?: FormEvent) {
    event?.preventDefault();
    if (!method || !pkg) return;
    // A code still being checked is checked first; the order is placed once its answer is in (see the effect).
    if (checking) {
      setChecked(typed);
      setPayWhenChecked(true);
      return;
    }
    const result = await createOrder({
      package_id: pkg.id,
      method,
      ...(applied ? { code: applied.code } : {}),
      ...(returnPath ? { return: returnPath } : {}),
    });
    if ('data' in result && result.data) {
      if (applied?.kind === 'link') forgetLinkedCode();
      leavePage.to(result.data.checkout_url);
    }
  }

  // Enter in the code field checks the code at once; it never pays.
  function onCodeKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    setChecked(typed);
  }

  const invalid = typedError !== null || typedExpired || typedNotApplicable;
  const kept = automatic ? { code: automatic.code, percentage: automatic.percentage } : null;
  // The member typed the very code that is already applied (their own welcome code, say): it is said to be applied,
  // not compared with itself.
  const typedIsKept = Boolean(
    typedDiscount &&
    !typedNotApplicable &&
    kept &&
    typedDiscount.code.toUpperCase() === kept.code.toUpperCase(),
  );
  const codeField = (
    <div className="mb-3">
      <label className="form-label" htmlFor="checkout-code">
        {t('checkout.code')}
      </label>
      <input
        id="checkout-code"
        className={`form-control${invalid ? ' is-invalid' : ''}${choice.source === 'typed' || typedIsKept ? ' is-valid' : ''}`}
        name="code"
        value={code}
        maxLength={64}
        autoComplete="off"
        enterKeyHint="done"
        aria-describedby="checkout-code-status"
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => setCode(event.target.value)}
        onKeyDown={onCodeKey}
      />
      {/* Room for two lines is kept, so "Betalen" below does not move while the code is checked and answered. */}
      <div
        id="checkout-code-status"
        role="status"
        className={`small mt-1 ${styles.codeStatus}`}
        data-testid="code-status"
      >
        {checking && <span className="text-muted">{t('checkout.codeChecking')}</span>}
        {typedError && <span className="text-danger">{typedError.message ?? t('checkout.codeUnknown')}</span>}
        {typedExpired && <span className="text-danger">{t('checkout.codeExpired')}</span>}
        {typedNotApplicable && <span className="text-danger">{t('checkout.codeNotApplicable')}</span>}
        {typedIsKept && kept && <span className="text-success">{t('checkout.codeAutomatic', kept)}</span>}
        {typedDiscount && !typedNotApplicable && !typedIsKept && choice.source === 'automatic' && kept && (
          <span className="text-body">
            {t('checkout.codeWeaker', {
              typed: typedDiscount.code,
              typedPercentage: typedDiscount.percentage,
              code: kept.code,
              percentage: kept.percentage,
            })}
          </span>
        )}
        {choice.source === 'typed' && (
          <span className="text-success">
            {kept
              ? t('checkout.codeBetter', {
                  code: choice.discount.code,
                  percentage: choice.discount.percentage,
                  automatic: kept.code,
                  automaticPercentage: kept.percentage,
                })
              : t('checkout.codeApplied', {
                  code: choice.discount.code,
                  percentage: choice.discount.percentage,
                })}
          </span>
        )}
        {!checking && (invalid || !typed) && kept && (
          <span className={invalid ? 'd-block text-body' : 'text-muted'}>
            {t(invalid ? 'checkout.codeKept' : 'checkout.codeAutomatic', kept)}
          </span>
        )}
      </div>
    </div>
  );

  const offered = method !== null && methods.includes(method);
  const busy = order.isLoading || order.isSuccess;
  return (
    <section className={`container py-3 ${styles.layout}`}>
      <div>
        <h1 className="h4 mb-3">{t('checkout.title')}</h1>
        <PackageCard pkg={pkg} discountPercentage={applied?.percentage} />
        <MinimumMessageCost discountPercentage={applied?.percentage} />
        <Link to={withReturn('/credits', returnPath)} className="btn btn-link px-0 mt-2">
          {t('checkout.change')}
        </Link>
      </div>
      <div>
        {/* The code comes before the method, so a member sees the price they will pay before choosing how. */}
        {method !== 'sdd' && codeField}
        <h2 className="h5 mb-2">{t('checkout.method')}</h2>
        <ul className={styles.methods}>
          {shown.map((item) => (
            <li key={item}>
              <Link
                to={withReturn(`/credits/${pkg.id}/${item}`, returnPath)}
                className={item === method ? styles.selected : undefined}
                aria-current={item === method ? 'true' : undefined}
              >
                {t(`methods.${item}`)}
              </Link>
            </li>
          ))}
        </ul>
        {method && !offered && (
          <div className="alert alert-warning" role="alert">
            {t('checkout.notOffered')}
          </div>
        )}
        {method === 'sdd' && offered && (
          <Link to={`/directdebit?package=${pkg.id}`} className="btn btn-primary w-100">
            {t('checkout.toDirectDebit')}
          </Link>
        )}
        {method && offered && method !== 'sdd' && (
          <form ref={form} onSubmit={(event) => void pay(event)} noValidate>
            <ErrorAlert error={order.error} />
            <button type="submit" className="btn btn-primary w-100" disabled={busy}>
              {busy ? t('checkout.redirecting') : t('checkout.pay')}
            </button>
          </form>
        )}
        {settings && (
          <p className="small text-muted mt-3">{t('checkout.refund', { days: settings.refund_days })}</p>
        )}
      </div>
    </section>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(CheckoutPage) satisfies RemoteComponent<'mf_payments/CheckoutPage'>;
