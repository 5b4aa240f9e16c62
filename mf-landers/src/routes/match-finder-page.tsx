import '../lib/i18n';
import { Questionnaire } from '../features/match-finder/components/questionnaire';
import { withSuspense } from '@dating/shared';

/** `/match-finder` (SPEC §2). */
function MatchFinderPage() {
  return <Questionnaire />;
}

export default withSuspense(MatchFinderPage);
