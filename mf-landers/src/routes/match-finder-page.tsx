import '../lib/i18n';
import { Questionnaire } from '../features/match-finder/components/questionnaire';

/** `/match-finder` (SPEC §2). */
export default function MatchFinderPage() {
  return <Questionnaire />;
}
