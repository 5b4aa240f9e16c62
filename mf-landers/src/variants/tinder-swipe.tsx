import { useLanderTranslation } from '../lib/page-texts';
import { LanderFrame } from '../features/lander/components/lander-frame';
import { SwipeGame } from '../features/swipe/components/swipe-game';
import { SWIPE_TEXTS } from '../features/swipe/texts';
import type { VariantProps } from './variant-props';
import styles from './tinder-swipe.module.scss';

/** `/landers/tinderswipe`: the swipe deck under a short pitch; a visitor's like opens the signup modal. */
export default function TinderSwipe({ source }: VariantProps) {
  const { t } = useLanderTranslation(SWIPE_TEXTS);
  return (
    <LanderFrame page="tinderswipe" source={source} closing={false}>
      <header className={styles.header}>
        <h1 className={styles.title} data-testid="lander-title">
          {t('tinderswipe.title')}
        </h1>
        <p>{t('tinderswipe.text')}</p>
      </header>
      <div className={styles.deck}>
        <SwipeGame source={source} heading={2} />
      </div>
    </LanderFrame>
  );
}
