import { useLanderTranslation } from '../../../lib/page-texts';
import { SWIPE_TEXTS } from '../texts';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';

/** Time until the site's next day, when the swipe likes come back (`resets_at` of swipe.php). */
export function SwipeCountdown({ resetsAt, onDone }: { resetsAt: string; onDone(): void }) {
  const { t } = useLanderTranslation(SWIPE_TEXTS);
  const left = useCountdown(resetsAt, onDone);
  return (
    <p className="fw-bold mb-0">
      {t('swipe.nextIn')} <time dateTime={resetsAt}>{formatCountdown(left)}</time>
    </p>
  );
}
