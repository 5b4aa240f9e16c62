import { useTranslation } from 'react-i18next';
import { formatMinorMoney, minimumMessageCost, useGetSettingsQuery } from '@dating/shared';
import { NS } from '../../../lib/i18n';

/** "A message costs from € 0,45": the site's minimum message cost for the payment country, when it names one. */
export function MinimumMessageCost({ className = 'small text-muted mt-2 mb-0' }: { className?: string }) {
  const { t, i18n } = useTranslation(NS);
  const { data: settings } = useGetSettingsQuery();
  const cost = minimumMessageCost(settings);
  if (!cost || !settings) return null;
  return (
    <p className={className} data-testid="minimum-message-cost">
      {t('packages.minimumMessageCost', {
        price: formatMinorMoney(cost, i18n.language),
        credits: settings.message_credits,
      })}
    </p>
  );
}
