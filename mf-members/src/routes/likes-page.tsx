import '../lib/i18n';
import { NavLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { coreApi, formatBadge, toDisplayError, useAppDispatch, useGetLikesQuery, type LikesResponse } from '@dating/shared';
import { NS } from '../lib/i18n';
import { needsLogin } from '../lib/api-data';
import { ProfileCard } from '../features/profiles/components/profile-card';
import { ProfileGrid, ProfileGridSkeleton } from '../features/profiles/components/profile-grid';
import { LoginPrompt } from '../features/profiles/components/login-prompt';
import { withSuspense } from '@dating/shared';

type LikeType = 'liked-me' | 'my-likes';

function LikesList({ likes, type }: { likes: LikesResponse; type: LikeType }) {
  const { t } = useTranslation(NS);
  const dispatch = useAppDispatch();

  function opened(profileId: number) {
    dispatch(
      coreApi.util.updateQueryData('getLikes', undefined, (draft) => {
        for (const entry of draft.liked_by) if (entry.profile.id === profileId) entry.like_new = false;
      }),
    );
  }

  if (type === 'my-likes') {
    if (likes.profiles.length === 0) return <p className="text-center text-muted py-5">{t('likes.emptyMine')}</p>;
    return (
      <ProfileGrid label={t('likes.myLikes')}>
        {likes.profiles.map((profile) => (
          <li key={profile.id}>
            <ProfileCard profile={profile} to={`/members/${profile.id}`} />
          </li>
        ))}
      </ProfileGrid>
    );
  }
  if (likes.liked_by.length === 0) return <p className="text-center text-muted py-5">{t('likes.emptyLikedMe')}</p>;
  return (
    <ProfileGrid label={t('likes.likedMe')}>
      {likes.liked_by.map((entry) => (
        <li key={entry.id}>
          <ProfileCard
            profile={entry.profile}
            to={`/likes/m/${entry.profile.id}`}
            isNew={entry.like_new}
            onOpen={() => opened(entry.profile.id)}
          />
        </li>
      ))}
    </ProfileGrid>
  );
}

/** `/likes` and `/likes/:type` (liked-me, my-likes) from likes.php (SPEC §2, §7). */
function LikesPage() {
  const { t } = useTranslation(NS);
  const param = useParams().type;
  const type: LikeType = param === 'my-likes' ? 'my-likes' : 'liked-me';
  const { data, error, isLoading, refetch } = useGetLikesQuery();
  const newCount = data && !needsLogin(data) ? data.liked_by.filter((entry) => entry.like_new).length : 0;

  let content;
  if (isLoading) content = <ProfileGridSkeleton count={4} />;
  else if (error) {
    content = (
      <div className="alert alert-danger d-flex justify-content-between align-items-center" role="alert">
        <span>{toDisplayError(error)?.message ?? t('errors.load')}</span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void refetch()}>
          {t('errors.retry')}
        </button>
      </div>
    );
  } else if (needsLogin(data)) content = <LoginPrompt source="likes" />;
  else if (data) content = <LikesList likes={data} type={type} />;

  const tab = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;
  return (
    <section className="container py-3">
      <h1 className="h4 mb-3">{t('likes.title')}</h1>
      <ul className="nav nav-pills mb-3">
        <li className="nav-item">
          <NavLink className={() => tab({ isActive: type === 'liked-me' })} to="/likes/liked-me">
            {t('likes.likedMe')}
            {newCount > 0 && <span className="badge bg-danger ms-1">{formatBadge(newCount)}</span>}
          </NavLink>
        </li>
        <li className="nav-item">
          <NavLink className={tab} to="/likes/my-likes">
            {t('likes.myLikes')}
          </NavLink>
        </li>
      </ul>
      {content}
    </section>
  );
}

export default withSuspense(LikesPage);
