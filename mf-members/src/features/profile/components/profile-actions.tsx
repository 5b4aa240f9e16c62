import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signupModalOpened, useAppDispatch, type User } from '@dating/shared';
import { NS } from '../../../lib/i18n';

interface ProfileActionsProps {
  profileId: number;
  liked: boolean;
  user: User | null;
}

/**
 * Like and chat. Visitors get the signup modal (liking needs an account, SPEC §6). The like call itself is not
 * part of the API yet, so a member is told so instead of the page pretending it worked.
 */
export function ProfileActions({ profileId, liked, user }: ProfileActionsProps) {
  const { t } = useTranslation(NS);
  const dispatch = useAppDispatch();
  const [notice, setNotice] = useState(false);

  function like() {
    if (!user) dispatch(signupModalOpened({ source: 'profile-like' }));
    else setNotice(true);
  }

  return (
    <div className="my-3">
      <div className="d-flex gap-2">
        <button
          type="button"
          className={`btn flex-fill ${liked ? 'btn-secondary' : 'btn-outline-primary'}`}
          onClick={like}
          disabled={liked}
          aria-pressed={liked}
        >
          <span aria-hidden="true">♥</span> {liked ? t('profile.liked') : t('profile.like')}
        </button>
        <Link to={`/members/${profileId}/chat`} className="btn btn-primary flex-fill">
          <span aria-hidden="true">💬</span> {t('profile.chat')}
        </Link>
      </div>
      {notice && (
        <p className="small text-muted mt-2" role="status">
          {t('profile.likeUnavailable')}
        </p>
      )}
    </div>
  );
}
