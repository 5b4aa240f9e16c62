import '../lib/i18n';
import { useTranslation } from 'react-i18next';
import { NS } from '../lib/i18n';
import { NotAvailable } from '../features/checkout/components/not-available';
import { withSuspense } from '@dating/shared';

const FIELDS = [
  ['account_holder', 'name'],
  ['iban', 'off'],
  ['street', 'address-line1'],
  ['house_number', 'off'],
  ['zip', 'postal-code'],
  ['city', 'address-level2'],
  ['phone', 'tel'],
] as const;

/** `/directdebit`: the SEPA direct debit form of SPEC §3, shown but not yet submittable (later issue). */
function DirectDebitPage() {
  const { t } = useTranslation(NS);
  return (
    <section className="container py-3" style={{ maxWidth: 560 }}>
      <h1 className="h4 mb-3">{t('directDebit.title')}</h1>
      <NotAvailable what="directDebit" />
      <form onSubmit={(event) => event.preventDefault()}>
        <fieldset disabled>
          {FIELDS.map(([field, autoComplete]) => (
            <label key={field} className="d-block mb-2">
              <span className="form-label">{t(`directDebit.fields.${field}`)}</span>
              <input className="form-control" name={field} autoComplete={autoComplete} />
            </label>
          ))}
          <label className="form-check my-3">
            <input className="form-check-input" type="checkbox" name="mandate" required />
            <span className="form-check-label">{t('directDebit.mandate')}</span>
          </label>
          <button type="submit" className="btn btn-primary w-100">
            {t('directDebit.submit')}
          </button>
        </fieldset>
      </form>
    </section>
  );
}

export default withSuspense(DirectDebitPage);
