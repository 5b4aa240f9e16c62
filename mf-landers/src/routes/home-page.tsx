import '../lib/i18n';
import { Lander } from '../features/lander/components/lander';

/** `/` for visitors: the lander of the site's niche (SPEC §1, §2). */
export default function HomePage() {
  return <Lander source="home" />;
}
