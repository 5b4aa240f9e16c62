import '../lib/i18n';
import { SwipeGame } from '../features/swipe/components/swipe-game';
import { withSuspense } from '@dating/shared';
import type { RemoteComponent } from '@dating/shared/remotes';

/** `/swipe-game` (docs/product/routes-and-layouts.md). */
function SwipeGamePage() {
  return <SwipeGame source="swipe-game" />;
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(SwipeGamePage) satisfies RemoteComponent<'mf_landers/SwipeGamePage'>;
