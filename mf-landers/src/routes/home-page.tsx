import '../lib/i18n';
import { withSuspense } from '@dating/shared';
import Home from '../variants/home';

/** `/` for visitors: the lander of the site's niche (SPEC §1, §2), in this module's chunk (no extra round trip). */
function HomePage() {
  return <Home source="home" />;
}

export default withSuspense(HomePage);
