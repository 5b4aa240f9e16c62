import '../lib/i18n';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signupModalOpened, useAppDispatch } from '@dating/shared';
import { NS } from '../lib/i18n';
import { useSite } from '../lib/site';
import { useGetLanderMemberQuery } from '../features/lander/api/get-lander-profiles';
import { Lander } from '../features/lander/components/lander';
import { SwipeGame } from '../features/swipe/components/swipe-game';
import styles from './lander-page.module.scss';
import { withSuspense } from '@dating/shared';

function FeaturedProfile({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const { mayBrowse, variant } = useSite();
  const { data } = useGetLanderMemberQuery(id, { skip: !mayBrowse });
  const profile = data ? data.profile : null;
  if (!profile) return <h1 className={styles.featuredTitle}>{t(`hero.title.${variant}`)}</h1>;
  const image = profile.main_image?.status === 'active' ? profile.main_image : null;
  return (
    <div className={styles.featured}>
      {image && <img src={image.thumb_filename} alt="" width={120} height={120} decoding="async" />}
      <h1 className={styles.featuredTitle}>{t('featured.title', { name: profile.name })}</h1>
    </div>
  );
}

/**
 * The landers: `/landers/:variant/:slug?`, `/landers/tinderswipe`, the `/:token` slugs and the profile-based
 * entries `/members/:id/landing…` and `/members/:id/signup` (SPEC §2). They share the home lander's body; a profile
 * entry features that profile, the signup entry opens the signup modal at once.
 */
function LanderPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const profileId = pathname.startsWith('/members/') ? Number(params.id) : Number.NaN;
  const variant = params.variant ?? (pathname.startsWith('/landers/tinderswipe') ? 'tinderswipe' : 'token');
  const source = Number.isInteger(profileId) ? `profile:${profileId}` : `lander:${variant}`;
  const signupEntry = pathname.endsWith('/signup');

  useEffect(() => {
    if (signupEntry) dispatch(signupModalOpened({ source }));
  }, [dispatch, signupEntry, source]);

  if (variant === 'tinderswipe') return <SwipeGame source={source} />;
  return (
    <Lander
      source={source}
      featured={Number.isInteger(profileId) ? <FeaturedProfile id={profileId} /> : undefined}
    />
  );
}

export default withSuspense(LanderPage);
