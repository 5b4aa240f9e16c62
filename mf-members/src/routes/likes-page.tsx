import '../lib/i18n';
import { NavLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  formatBadge,
  toDisplayError,
  useGetLikesQuery,
  type LikesResponse,
  type Profile,
} from '@dating/shared';
import { NS } from '../lib/i18n';
import { needsLogin } from '../lib/api-data';
import { ProfileCard } from '../features/profiles/components/profile-card';
import { ProfileGrid, ProfileGridSkeleton } from '../features/profiles/components/profile-grid';
import { LoginPrompt } from '../features/profiles/components/login-prompt';
import { LikeButton } from '../features/likes/components/like-button';
import { useMarkLikeSeen } from '../features/likes/hooks/use-mark-like-seen';
import { withSuspense } from '@dating/shared';
import type { RemoteComponent } from '@dating/shared/remotes';

const LIKE_TYPES = ['liked-me', 'my-likes', 'matches'] as const;
type LikeType = (typeof LIKE_TYPES)[number];
const TAB_LABEL = {
  'liked-me': 'likes.likedMe',
  'my-likes': 'likes.myLikes',
  matches: 'likes.matches',
} as const;
const EMPTY = {
  'liked-me': 'likes.emptyLikedMe',
  'my-likes': 'likes.emptyMine',
  matches: 'likes.emptyMatches',
} as const;

function heart(profile: Profile, liked: boolean) {
  return (
    <LikeButton profileId={profile.id} name={profile.name} liked={liked} source="profile" variant="icon" />
  );
}

function LikesList({ likes, type }: { likes: LikesResponse; type: LikeType }) {
  const { t } = useTranslation(NS);
  const markSeen = useMarkLikeSeen();
  const mine = new Set(likes.profiles.map((profile) => profile.id));

  let items;
  if (type === 'my-likes') {
    items = likes.profiles.map((profile) => (
      <li key={profile.id}>
        <ProfileCard profile={profile} to={`/members/${profile.id}`} action={heart(profile, true)} />
      </li>
    ));
  } else {
    // A match is a like both ways (docs/product/README.md): someone who liked me whom I like too.
    const entries =
      type === 'matches' ? likes.liked_by.filter((e) => mine.has(e.profile.id)) : likes.liked_by;
    items = entries.map((entry) => (
      <li key={entry.id}>
        <ProfileCard
          profile={entry.profile}
          to={`/likes/m/${entry.profile.id}`}
          isNew={entry.like_new}
          onOpen={entry.like_new ? () => markSeen(entry.profile.id) : undefined}
          action={heart(entry.profile, mine.has(entry.profile.id))}
        />
      </li>
    ));
  }
  if (items.length === 0) return <p className="text-center text-muted py-5">{t(EMPTY[type])}</p>;
  return <ProfileGrid label={t(TAB_LABEL[type])}>{items}</ProfileGrid>;
}

/** `/likes` and `/likes/:type` (liked-me, my-likes, matches) from likes.php (docs/product/routes-and-layouts.md, docs/product/calls-and-errors.md). */
function LikesPage() {
  const { t } = useTranslation(NS);
  const param = useParams().type;
  const type: LikeType = (LIKE_TYPES as readonly string[]).includes(param ?? '')
    ? (param as LikeType)
    : 'liked-me';
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

  return (
    <section className="container py-3">
      <h1 className="h4 mb-3">{t('likes.title')}</h1>
      <ul className="nav nav-pills mb-3">
        {LIKE_TYPES.map((tab) => (
          <li className="nav-item" key={tab}>
            <NavLink
              className={`nav-link${type === tab ? ' active' : ''}`}
              aria-current={type === tab ? 'page' : undefined}
              to={`/likes/${tab}`}
            >
              {t(TAB_LABEL[tab])}
              {tab === 'liked-me' && newCount > 0 && (
                <span className="badge bg-danger ms-1">{formatBadge(newCount)}</span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
      {content}
    </section>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(LikesPage) satisfies RemoteComponent<'mf_members/LikesPage'>;
