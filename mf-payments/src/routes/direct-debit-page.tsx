import '../lib/i18n';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, withSuspense, type DirectDebitRequest } from '@dating/shared';
import { NS } from '../lib/i18n';
import width from './page-width.module.scss';
import { useGetPackagesQuery } from '../features/packages/api/get-packages';
import { PackageCard } from '../features/packages/components/package-card';
import { useActiveDiscount } from '../lib/use-active-discount';
import {
  usePaymentsDirectDebitMutation,
  usePaymentsSendDirectDebitCodeMutation,
} from '../features/direct-debit/api/direct-debit';
import type { RemoteComponent } from '@dating/shared/remotes';
import { useIdempotencyKey } from '../lib/idempotency';

const FIELDS = [
  ['account_holder', 'name'],
  ['iban', 'off'],
  ['street', 'address-line1'],
  ['house_number', 'off'],
  ['zip', 'postal-code'],
  ['city', 'address-level2'],
  ['phone', 'tel'],
] as const;
type Field = (typeof FIELDS)[number][0];

/**
 * `/directdebit?package=`: SEPA direct debit (docs/product/credits-and-payments.md form). The phone gets a one-time code by SMS; the code,
 * the mandate checkbox and a valid IBAN are checked on the server, which then creates the mandate and the order.
 */
function DirectDebitPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const packageId = Number(params.get('package'));
  const { data } = useGetPackagesQuery();
  const discount = useActiveDiscount();
  const pkg = data?.packages.find((item) => item.id === packageId);
  const [values, setValues] = useState<Record<Field | 'otp', string>>({
    account_holder: '',
    iban: '',
    street: '',
    house_number: '',
    zip: '',
    city: '',
    phone: '',
    otp: '',
  });
  const [mandate, setMandate] = useState(false);
  const [sendCode, codeResult] = usePaymentsSendDirectDebitCodeMutation();
  const [submit, result] = usePaymentsDirectDebitMutation();
  const [key, renewKey] = useIdempotencyKey();

  if (!pkg) {
    return (
      <section className="container py-3">
        <h1 className="h4 mb-3">{t('directDebit.title')}</h1>
        <p>{t('directDebit.choosePackage')}</p>
        <Link to="/credits" className="btn btn-primary">
          {t('checkout.toPackages')}
        </Link>
      </section>
    );
  }

  const set = (field: Field | 'otp') => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!pkg) return;
    const body: DirectDebitRequest = {
      package_id: pkg.id,
      ...values,
      mandate,
      ...(discount ? { code: discount.code } : {}),
    };
    const answer = await submit({ ...body, key });
    if ('data' in answer && answer.data) {
      renewKey();
      navigate(`/transactions/${answer.data.order.id}`);
    }
  }

  return (
    <section className={`container py-3 ${width.form}`}>
      <h1 className="h4 mb-3">{t('directDebit.title')}</h1>
      <PackageCard pkg={pkg} discountPercentage={discount?.percentage} />
      <form onSubmit={(event) => void onSubmit(event)} className="mt-3" noValidate>
        {FIELDS.map(([field, autoComplete]) => (
          <label key={field} className="d-block mb-2">
            <span className="form-label">{t(`directDebit.fields.${field}`)}</span>
            <input
              className="form-control"
              name={field}
              autoComplete={autoComplete}
              inputMode={field === 'phone' ? 'tel' : undefined}
              value={values[field]}
              onChange={set(field)}
              required
            />
          </label>
        ))}
        <button
          type="button"
          className="btn btn-outline-primary mb-2"
          disabled={!values.phone.trim() || codeResult.isLoading}
          onClick={() =>
            void sendCode({ phone: values.phone, iban: values.iban, account_holder: values.account_holder })
          }
        >
          {codeResult.isSuccess ? t('directDebit.resendCode') : t('directDebit.sendCode')}
        </button>
        {codeResult.isSuccess && (
          <p className="small text-success" role="status">
            {t('directDebit.codeSent')}
          </p>
        )}
        <ErrorAlert error={codeResult.error} />
        <label className="d-block mb-2">
          <span className="form-label">{t('directDebit.fields.otp')}</span>
          <input
            className="form-control"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={values.otp}
            onChange={set('otp')}
            required
          />
        </label>
        <label className="form-check my-3">
          <input
            className="form-check-input"
            type="checkbox"
            name="mandate"
            checked={mandate}
            onChange={(event) => setMandate(event.target.checked)}
          />
          <span className="form-check-label">{t('directDebit.mandate')}</span>
        </label>
        <ErrorAlert error={result.error} />
        <button
          type="submit"
          className="btn btn-primary w-100"
          disabled={result.isLoading || result.isSuccess}
        >
          {t('directDebit.submit')}
        </button>
      </form>
    </section>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(DirectDebitPage) satisfies RemoteComponent<'mf_payments/DirectDebitPage'>;
