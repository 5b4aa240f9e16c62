import '../lib/i18n';
import { SwipeGame } from '../features/swipe/components/swipe-game';

/** `/swipe-game` (SPEC §2). */
export default function SwipeGamePage() {
  return <SwipeGame source="swipe-game" />;
}
