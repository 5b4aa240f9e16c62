import { useCurrentUser } from '@dating/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  signupModalOpened,
  toDisplayError,
  useAppDispatch,
  useLikeMutation,
  useUnlikeMutation,
  type LikeSource,
} from '@dating/shared';
import { NS } from '../../../lib/i18n';
import styles from './like-button.module.scss';

export interface LikeButtonProps {
  profileId: number;
  name: string;
  liked: boolean;
  source: Extract<LikeSource, 'profile' | 'search'>;
  /** `full`: a labelled button (profile); `icon`: a heart over a card (search results, likes lists). */
  variant?: 'full' | 'icon';
  /** Told when the like made a match, so the page can say so. */
  onMatch?: () => void;
}

/**
 * Like and unlike (like.php). Liking needs an account (docs/product/member-model.md): a visitor gets the signup modal. The heart flips
 * at once and settles on the server's answer; a refusal (blocked, deleted) is shown and the heart flips back.
 */
export function LikeButton({ profileId, name, liked, source, variant = 'full', onMatch }: LikeButtonProps) {
  const { t } = useTranslation(NS);
  const dispatch = useAppDispatch();
  const user = useCurrentUser();
  const [like, likeState] = useLikeMutation();
  const [unlike, unlikeState] = useUnlikeMutation();
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // The server's state wins once it arrives (the mutation invalidates likes.php and member.php).
  useEffect(() => setOptimistic(null), [liked]);
  const shown = optimistic ?? liked;
  const busy = likeState.isLoading || unlikeState.isLoading;

  async function toggle() {
    if (!user) {
      dispatch(signupModalOpened({ source: `${source}-like` }));
      return;
    }
    const next = !shown;
    setOptimistic(next);
    setFailed(null);
    try {
      if (next) {
        const result = await like({ id: profileId, source }).unwrap();
        if (result.match) onMatch?.();
      } else {
        await unlike(profileId).unwrap();
      }
    } catch (error) {
      setOptimistic(null);
      setFailed(toDisplayError(error as Parameters<typeof toDisplayError>[0])?.message ?? t('errors.load'));
    }
  }

  const label = shown ? t('like.unlikeName', { name }) : t('like.likeName', { name });
  const error = failed && (
    <span className={variant === 'icon' ? styles.iconError : 'd-block small text-danger mt-1'} role="alert">
      {failed}
    </span>
  );
  if (variant === 'icon') {
    return (
      <>
        <button
          type="button"
          className={`${styles.icon} ${shown ? styles.on : ''}`}
          onClick={() => void toggle()}
          disabled={busy}
          aria-pressed={shown}
          aria-label={label}
          title={label}
        >
          <span aria-hidden="true">♥</span>
        </button>
        {error}
      </>
    );
  }
  return (
    <div className="flex-fill">
      <button
        type="button"
        className={`btn w-100 ${shown ? 'btn-secondary' : 'btn-outline-primary'}`}
        onClick={() => void toggle()}
        disabled={busy}
        aria-pressed={shown}
        title={label}
      >
        <span aria-hidden="true">♥</span> {shown ? t('profile.liked') : t('profile.like')}
      </button>
      {error}
    </div>
  );
}
