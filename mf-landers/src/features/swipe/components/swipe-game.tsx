import { useRef, useState, type PointerEvent } from 'react';
import { signupModalOpened, useAppDispatch, useGetMembersQuery, type Profile } from '@dating/shared';
import { useLanderTranslation } from '../../../lib/page-texts';
import { SWIPE_TEXTS } from '../texts';
import { useSite } from '../../../lib/site';
import { useSwipeLikes } from '../hooks/use-swipe-likes';
import { SignupButton } from '../../../lib/signup-button';
import { SwipeCountdown } from './swipe-countdown';
import styles from './swipe-game.module.scss';

const SWIPE_THRESHOLD = 90;
const DECK_SIZE = 30;

function Card({ profile, offset }: { profile: Profile; offset: number }) {
  const image = profile.main_image?.status === 'active' ? profile.main_image : null;
  return (
    <div className={styles.card} style={{ transform: `translateX(${offset}px) rotate(${offset / 20}deg)` }}>
      {image ? (
        <img src={image.filename} alt="" width={480} height={600} decoding="async" draggable={false} />
      ) : (
        <span className={styles.blank} aria-hidden="true" />
      )}
      <div className={styles.info}>
        <h2>
          {profile.name}, {profile.age}
        </h2>
        {profile.city && <p>{profile.city}</p>}
      </div>
    </div>
  );
}

/**
 * Swipe cards from members.php: right (or ♥) likes, left skips. Liking needs an account, so visitors get the signup
 * modal; members have 4 likes a day (the server counts them), then a countdown to the site's next day.
 * `heading`: the level of the game's title: 1 on its own page (/swipe-game), 2 inside a lander that has its own h1
 * (one h1 per page).
 */
export function SwipeGame({ source, heading = 1 }: { source: string; heading?: 1 | 2 }) {
  const { t } = useLanderTranslation(SWIPE_TEXTS);
  const dispatch = useAppDispatch();
  const { user, mayBrowse, known, source: traffic, memberSearch } = useSite();
  // A member's deck follows the rule of /members: whom they look for, who looks for them, nearest first.
  const { data, isLoading } = useGetMembersQuery(
    { numResults: DECK_SIZE, ...memberSearch, ...traffic },
    { skip: !mayBrowse || (Boolean(user) && !known) },
  );
  const swipe = useSwipeLikes(Boolean(user));
  const left = swipe.status?.likes_left;
  const [refused, setRefused] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);

  const profiles = data ? data.profiles : [];
  const profile = profiles[index];

  function choose(liked: boolean) {
    setOffset(0);
    if (!profile) return;
    if (liked) {
      if (!user) {
        dispatch(signupModalOpened({ source }));
        return;
      }
      setRefused(null);
      void swipe.like(profile.id).then(setRefused);
    }
    setIndex((current) => current + 1);
  }

  function onPointerDown(event: PointerEvent) {
    start.current = event.clientX;
  }
  function onPointerMove(event: PointerEvent) {
    if (start.current !== null) setOffset(event.clientX - start.current);
  }
  function onPointerUp() {
    start.current = null;
    if (Math.abs(offset) >= SWIPE_THRESHOLD) choose(offset > 0);
    else setOffset(0);
  }

  let body;
  if (user && swipe.status && left === 0) {
    body = (
      <div className={styles.done} role="status">
        <h2>{t('swipe.doneTitle')}</h2>
        <p>{t('swipe.doneText')}</p>
        <SwipeCountdown resetsAt={swipe.status.resets_at} onDone={() => void swipe.refresh()} />
        {refused && <p className="small text-muted mb-0">{refused}</p>}
      </div>
    );
  } else if (!known || isLoading || swipe.loading) {
    body = <div className={`${styles.card} ${styles.skeleton}`} aria-busy="true" />;
  } else if (!mayBrowse) {
    body = (
      <div className={styles.done}>
        <p>{t('swipe.visitor')}</p>
        <SignupButton source={source} className="btn btn-primary">
          {t('cta.signup')}
        </SignupButton>
      </div>
    );
  } else if (!profile) {
    body = (
      <div className={styles.done} role="status">
        <p>{t('swipe.empty')}</p>
      </div>
    );
  } else {
    body = (
      <>
        <div
          className={styles.deck}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          aria-label={t('swipe.current', { name: profile.name })}
          role="group"
        >
          <Card key={profile.id} profile={profile} offset={offset} />
        </div>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.skip}
            onClick={() => choose(false)}
            aria-label={t('swipe.skip')}
          >
            ✕
          </button>
          {user ? (
            <button
              type="button"
              className={styles.like}
              onClick={() => choose(true)}
              aria-label={t('swipe.like')}
            >
              ♥
            </button>
          ) : (
            // A visitor's like is a signup: a tap on the server-rendered deck before hydration is kept.
            <SignupButton source={source} className={styles.like} aria-label={t('swipe.like')}>
              ♥
            </SignupButton>
          )}
        </div>
        {user && left !== undefined && (
          <p className={styles.left}>{t('swipe.likesLeft', { number: left })}</p>
        )}
        {refused && (
          <p className="small text-danger" role="alert">
            {refused}
          </p>
        )}
      </>
    );
  }

  return (
    <section className={styles.game}>
      {heading === 1 ? (
        <h1 className={styles.title}>{t('swipe.title')}</h1>
      ) : (
        <h2 className={styles.title}>{t('swipe.title')}</h2>
      )}
      {body}
    </section>
  );
}
