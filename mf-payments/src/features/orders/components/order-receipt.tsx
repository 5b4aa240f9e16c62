import { useTranslation } from 'react-i18next';
import { useGetCompanyInfoQuery, type Order } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { formatMoney, intlLocale } from '../../../lib/money';
import { OrderStatusLabel } from './order-status-label';
import styles from './order-receipt.module.scss';

/** The receipt of one order: what was bought, for how much, how, and who sold it (company info, VAT number). */
export function OrderReceipt({ order }: { order: Order }) {
  const { t, i18n } = useTranslation(NS);
  const { data: company } = useGetCompanyInfoQuery();
  const date = new Date(order.completed_at ?? order.created_at);
  const rows: [string, React.ReactNode][] = [
    [t('receipt.order'), `#${order.id}`],
    [t('receipt.date'), date.toLocaleString(intlLocale(i18n.language))],
    [t('receipt.credits'), order.credits],
    [t('receipt.amount'), formatMoney(order.amount, i18n.language)],
    [t('receipt.method'), t(`methods.${order.method}`)],
    [t('receipt.status'), <OrderStatusLabel key="status" status={order.status} />],
  ];
  if (order.discount_code) {
    // The list price and the amount saved, each on its own labelled row, before what was paid: a bracketed list
    // price next to the code read as the size of the discount.
    const saved = {
      amount: order.original_amount.amount - order.amount.amount,
      currency: order.amount.currency,
    };
    rows.splice(
      3,
      0,
      [t('receipt.listPrice'), formatMoney(order.original_amount, i18n.language)],
      [t('receipt.saved', { code: order.discount_code }), `− ${formatMoney(saved, i18n.language)}`],
    );
  }
  if (order.payment_id) rows.push([t('receipt.payment'), order.payment_id]);
  if (order.refunded_credits || order.refund_shortfall) {
    rows.push([
      t('receipt.refunded'),
      t('receipt.refundedCredits', { taken: order.refunded_credits, missing: order.refund_shortfall }),
    ]);
  }
  return (
    <section aria-label={t('receipt.title')} className="card card-body mt-3">
      <h2 className="h5">{t('receipt.title')}</h2>
      {/* Label and value side by side while both fit; a long value (a payment id) moves below its label and
          breaks only if it is wider than the card, so no language's label runs into it (styles in the scss). */}
      <dl className={`mb-0 ${styles.rows}`}>
        {rows.map(([label, value]) => (
          <div key={label} className={`border-bottom py-1 ${styles.row}`}>
            <dt className="fw-normal text-muted">{label}</dt>
            <dd className="mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      {company && (
        <address className="small text-muted mt-3 mb-0">
          <strong>{company.name}</strong>
          <br />
          {company.address}, {company.city}, {company.country}
          {company.kvk && (
            <>
              <br />
              {t('receipt.kvk', { kvk: company.kvk })}
            </>
          )}
          {company.vat_numbers.length > 0 && (
            <>
              <br />
              {t('receipt.vat', { vat: company.vat_numbers.join(', ') })}
            </>
          )}
        </address>
      )}
    </section>
  );
}
