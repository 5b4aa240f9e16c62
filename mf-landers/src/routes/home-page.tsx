import '../lib/i18n';
import { withSuspense } from '@dating/shared';
import Home from '../variants/home';
import type { RemoteComponent } from '@dating/shared/remotes';

/** `/` for visitors: the lander of the site's niche (docs/product/README.md, docs/product/routes-and-layouts.md), in this module's chunk (no extra round trip). */
function HomePage() {
  return <Home source="home" />;
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(HomePage) satisfies RemoteComponent<'mf_landers/HomePage'>;
