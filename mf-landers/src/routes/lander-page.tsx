import '../lib/i18n';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import {
  matchLanderPath,
  signupModalOpened,
  Spinner,
  useAppDispatch,
  useGetMemberQuery,
  withSuspense,
} from '@dating/shared';
import { useSite } from '../lib/site';
import { LANDER_COMPONENTS } from '../variants';
import type { RemoteComponent } from '@dating/shared/remotes';

/** Reserves the fold while a lander's chunk arrives, so the page does not jump when it renders. */
function LanderFallback() {
  return (
    <div style={{ minHeight: '70vh' }}>
      <Spinner block />
    </div>
  );
}

/**
 * The landers of docs/product/routes-and-layouts.md: `/`, `/landers/tinderswipe`, `/landers/{variant}/{slug?}`, the `/{token}` slugs and the
 * profile entries `/members/{id}/landing…` and `/members/{id}/signup`. The path picks the lander (the shared rule
 * the server and the shell's 404 check use); each lander is its own chunk. `/members/{id}/signup` opens the signup
 * modal with that member (signup step 0).
 */
function LanderPage() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const { settings, known, mayBrowse } = useSite();
  const match = matchLanderPath(pathname, settings ?? { niche: 1 });
  const lander = match && match !== 'not-found' ? match : null;
  const memberId = lander && 'memberId' in lander ? lander.memberId : undefined;
  const source = memberId ? `profile:${memberId}` : `lander:${lander?.page ?? 'home'}`;
  const signupEntry = lander?.page === 'signup';

  // `/members/{id}/signup` is signup step 0 with that member: the modal shows who the first message goes to. Opened
  // once the profile is known (or cannot be: visitors may not see profiles on this site, or it does not exist).
  const member = useGetMemberQuery(memberId ?? 0, {
    skip: !signupEntry || !known || !mayBrowse || !memberId,
  });
  const featured = member.data ? member.data.profile : null;
  const settled = known && (!mayBrowse || !memberId || member.isSuccess || member.isError);
  const profileId = featured?.id;
  const profileName = featured?.name;
  useEffect(() => {
    if (!signupEntry || !settled) return;
    dispatch(
      signupModalOpened({
        source,
        ...(profileId !== undefined && profileName !== undefined
          ? { profile: { id: profileId, name: profileName } }
          : {}),
      }),
    );
  }, [dispatch, signupEntry, settled, source, profileId, profileName]);

  // The shell's loader has already answered 404 for paths that do not resolve; this is the standalone fallback.
  const Variant = LANDER_COMPONENTS[lander?.page ?? 'home'];
  return (
    <Suspense fallback={<LanderFallback />}>
      <Variant source={source} memberId={memberId} />
    </Suspense>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(LanderPage) satisfies RemoteComponent<'mf_landers/LanderPage'>;
