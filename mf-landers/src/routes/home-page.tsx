import '../lib/i18n';
import { Lander } from '../features/lander/components/lander';
import { withSuspense } from '@dating/shared';

/** `/` for visitors: the lander of the site's niche (SPEC §1, §2). */
function HomePage() {
  return <Lander source="home" />;
}

export default withSuspense(HomePage);
