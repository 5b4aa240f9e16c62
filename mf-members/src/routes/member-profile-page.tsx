import '../lib/i18n';
import { useCurrentUser } from '@dating/shared';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toDisplayError, useGetMemberQuery, useGetSettingsQuery } from '@dating/shared';
import { NS } from '../lib/i18n';
import { needsLogin } from '../lib/api-data';
import { useClearNewLike } from '../features/likes/hooks/use-clear-new-like';
import { PhotoGallery } from '../features/profile/components/photo-gallery';
import { ProfileDetails } from '../features/profile/components/profile-details';
import { ProfileActions } from './profile-actions';
import { LoginPrompt } from '../features/profiles/components/login-prompt';
import { UnblockNotice } from '../features/safety/components/unblock-notice';
import styles from './member-profile-page.module.scss';
import { withSuspense } from '@dating/shared';
import type { RemoteComponent } from '@dating/shared/remotes';

/** `/members/:id` and `/likes/m/:id` (docs/product/routes-and-layouts.md). */
function MemberProfilePage() {
  const { t } = useTranslation(NS);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const user = useCurrentUser();
  const { data: settings } = useGetSettingsQuery();
  const { data, error, isLoading, refetch } = useGetMemberQuery(id, { skip: !valid });
  // The page's title names the member ("Anna, 33 - Site"), so tabs and history tell profiles apart.
  const titleName = data ? `${data.profile.name}, ${data.profile.age}` : null;
  useEffect(() => {
    if (titleName && settings) document.title = `${titleName} - ${settings.name}`;
  }, [titleName, settings]);
  useClearNewLike(id);

  if (!valid) return <p className="container py-5 text-center">{t('profile.notFound')}</p>;
  if (isLoading) {
    return (
      <div className={`container py-3 ${styles.layout}`} aria-busy="true">
        <div className={styles.skeleton} />
      </div>
    );
  }
  if (error) {
    const display = toDisplayError(error);
    return (
      <div className="container py-4">
        <div className="alert alert-danger" role="alert">
          {display?.code === 'not_found' ? t('profile.notFound') : (display?.message ?? t('errors.load'))}
        </div>
        <button type="button" className="btn btn-outline-primary" onClick={() => void refetch()}>
          {t('errors.retry')}
        </button>
      </div>
    );
  }
  if (needsLogin(data)) return <LoginPrompt source="profile" />;
  if (!data) return null;
  if (data.blocked) return <UnblockNotice profileId={data.profile.id} />;

  const { profile } = data;
  return (
    <article className={`container py-3 ${styles.layout}`}>
      <PhotoGallery profile={profile} premium={Boolean(user?.paid_user)} />
      <div>
        <h1 className="h3 mb-1">
          {profile.name}, <span className="fw-normal">{profile.age}</span>
        </h1>
        {profile.fictional && settings?.fictional_warning && (
          <p className="small text-muted">{settings.fictional_warning}</p>
        )}
        <ProfileActions profile={profile} liked={data.liked} user={user ?? null} />
        <ProfileDetails profile={profile} />
      </div>
    </article>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(MemberProfilePage) satisfies RemoteComponent<'mf_members/MemberProfilePage'>;
