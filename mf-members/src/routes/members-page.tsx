import '../lib/i18n';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  toDisplayError,
  useGetMembersQuery,
  useGetSettingsQuery,
  useCurrentUser,
  type MembersResponse,
} from '@dating/shared';
import { NS } from '../lib/i18n';
import { needsLogin } from '../lib/api-data';
import { trafficSource, visitorMayBrowse } from '@dating/shared';
import { useSearchState } from '../features/search/hooks/use-search-state';
import { SearchForm } from '../features/search/components/search-form';
import { Pagination } from '../features/search/components/pagination';
import { ProfileCard } from '../features/profiles/components/profile-card';
import { ProfileGrid, ProfileGridSkeleton } from '../features/profiles/components/profile-grid';
import { LoginPrompt } from '../features/profiles/components/login-prompt';
import { LikeButton } from '../features/likes/components/like-button';
import { useLikedIds } from '../features/likes/hooks/use-liked-ids';
import { OPTION_LABELS_NS } from '@dating/shared/option-labels';
import type { RemoteComponent } from '@dating/shared/remotes';

/** How many cards a phone shows above the fold (two rows of two): their photos load at once, not when laid out. */
const EAGER_PHOTOS = 4;

/**
 * `/members`: member search, the members' home after login (docs/product/routes-and-layouts.md).
 * The search is asked for before the page waits for its texts: this component never suspends, so its query starts
 * when the page module arrives, and the texts (this remote's and the option labels of the form, requested together)
 * load beside it instead of one after the other before it.
 */
function MembersPage() {
  const search = useSearchState();
  const { data: settings } = useGetSettingsQuery();
  const current = useCurrentUser();
  const source = useMemo(() => trafficSource(), []);
  // Visitors search only where the site allows it (docs/product/member-model.md); otherwise they are invited to sign up right away.
  const member = Boolean(current);
  const maySearch = member || visitorMayBrowse(settings, source);
  const result = useGetMembersQuery(
    member ? search.query : { ...search.query, ...source },
    // A member's first search waits for the member's defaults (whom they look for), not everyone first.
    { skip: !maySearch || !search.ready },
  );
  // Known not to be allowed (the session and the settings are in): the signup invitation instead of a skeleton.
  const refused = current !== undefined && Boolean(settings) && !maySearch;
  return (
    <Suspense fallback={<div aria-busy="true" style={{ minHeight: '60vh' }} />}>
      <MembersView search={search} maySearch={maySearch} refused={refused} result={result} />
    </Suspense>
  );
}

interface MembersViewProps {
  search: ReturnType<typeof useSearchState>;
  maySearch: boolean;
  refused: boolean;
  result: {
    data?: MembersResponse | false;
    error?: Parameters<typeof toDisplayError>[0];
    isLoading: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
}

function MembersView({ search, maySearch, refused, result }: MembersViewProps) {
  const { t } = useTranslation([NS, OPTION_LABELS_NS]);
  const { query, update, member: hasDefaults } = search;
  const { data, error, isLoading, isFetching, refetch } = result;
  const likedIds = useLikedIds();

  let content;
  if (refused) {
    content = <LoginPrompt source="members" />;
  } else if (isLoading || !maySearch) {
    content = <ProfileGridSkeleton />;
  } else if (error) {
    content = (
      <div className="alert alert-danger d-flex justify-content-between align-items-center" role="alert">
        <span>{toDisplayError(error)?.message ?? t('errors.load')}</span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void refetch()}>
          {t('errors.retry')}
        </button>
      </div>
    );
  } else if (needsLogin(data)) {
    content = <LoginPrompt source="members" />;
  } else if (data) {
    const pages = Math.max(1, Math.ceil(data.total / Math.max(1, data.numResults)));
    content = (
      <>
        {data.similar && data.profiles.length > 0 && (
          <p className="alert alert-info py-2" role="status">
            {t('search.similar')}
          </p>
        )}
        {data.profiles.length === 0 ? (
          <p className="text-center text-muted py-5">{t('search.empty')}</p>
        ) : (
          <ProfileGrid label={t('search.results')}>
            {data.profiles.map((profile, index) => (
              <li key={profile.id}>
                <ProfileCard
                  profile={profile}
                  eager={index < EAGER_PHOTOS}
                  to={`/members/${profile.id}`}
                  action={
                    <LikeButton
                      profileId={profile.id}
                      name={profile.name}
                      liked={likedIds.has(profile.id)}
                      source="search"
                      variant="icon"
                    />
                  }
                />
              </li>
            ))}
          </ProfileGrid>
        )}
        <Pagination page={data.pageNumber} pages={pages} />
      </>
    );
  }

  return (
    <section className="container py-3" aria-busy={isFetching}>
      <h1 className="h4 mb-3">{t('search.title')}</h1>
      <SearchForm key={JSON.stringify(query)} query={query} onSearch={update} member={hasDefaults} />
      {content}
    </section>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default MembersPage satisfies RemoteComponent<'mf_members/MembersPage'>;
