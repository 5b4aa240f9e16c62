import '../lib/i18n';
import { SwipeGame } from '../features/swipe/components/swipe-game';
import { withSuspense } from '@dating/shared';

/** `/swipe-game` (SPEC §2). */
function SwipeGamePage() {
  return <SwipeGame source="swipe-game" />;
}

export default withSuspense(SwipeGamePage);
