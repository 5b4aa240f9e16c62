import { Lander } from '../features/lander/components/lander';
import type { VariantProps } from './variant-props';

/** `/` for visitors (and the `/{token}` slugs): the niche's hero, new members, benefits. */
export default function Home({ source }: VariantProps) {
  return <Lander source={source} page={source.startsWith('lander:token') ? 'token' : 'home'} />;
}
