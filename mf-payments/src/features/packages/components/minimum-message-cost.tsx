import { useTranslation } from 'react-i18next';
import { formatMinorMoney, messagePrice, useGetSettingsQuery } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { useGetPackagesQuery } from '../api/get-packages';

/**
 * "A message costs 5 credits: from € 0,83 per message": computed from the packages this member is offered (the
 * cheapest price per credit) and the site's `message_credits`, and with the member's discount when one applies, so
 * the claim always adds up to what the packages cost (docs/product/credits-and-payments.md).
 */
export function MinimumMessageCost({
  className = 'small text-muted mt-2 mb-0',
  discountPercentage,
}: {
  className?: string;
  discountPercentage?: number;
}) {
  const { t, i18n } = useTranslation(NS);
  const { data: settings } = useGetSettingsQuery();
  const { data } = useGetPackagesQuery();
  const credits = settings?.message_credits ?? 0;
  const full = messagePrice(data?.packages ?? [], credits);
  if (!full) return null;
  const reduced = discountPercentage ? messagePrice(data?.packages ?? [], credits, discountPercentage) : null;
  const price = formatMinorMoney(full, i18n.language);
  return (
    <p className={className} data-testid="minimum-message-cost">
      {reduced && reduced.amount < full.amount
        ? t('packages.messagePriceDiscounted', {
            price,
            credits,
            discounted: formatMinorMoney(reduced, i18n.language),
          })
        : t('packages.minimumMessageCost', { price, credits })}
    </p>
  );
}
