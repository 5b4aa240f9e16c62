import '../lib/i18n';
import { Questionnaire } from '../features/match-finder/components/questionnaire';
import { withSuspense } from '@dating/shared';
import type { RemoteComponent } from '@dating/shared/remotes';

/** `/match-finder` (docs/product/routes-and-layouts.md). */
function MatchFinderPage() {
  return <Questionnaire />;
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(MatchFinderPage) satisfies RemoteComponent<'mf_landers/MatchFinderPage'>;
