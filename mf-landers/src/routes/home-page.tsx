import '../lib/i18n';
import { Lander } from '../features/lander/components/lander';
import { withSuspense } from '../lib/with-suspense';

/** `/` for visitors: the lander of the site's niche (SPEC §1, §2). */
function HomePage() {
  return <Lander source="home" />;
}

export default withSuspense(HomePage);
