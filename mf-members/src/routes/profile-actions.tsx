import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Profile, User } from '@dating/shared';
import { NS } from '../lib/i18n';
import { LikeButton } from '../features/likes/components/like-button';
import { SafetyActions } from '../features/safety/components/safety-actions';

interface ProfileActionsProps {
  profile: Pick<Profile, 'id' | 'name'>;
  liked: boolean;
  user: User | null;
}

/** Like, chat, and for members block and report. Visitors get the signup modal when they like (docs/product/member-model.md). */
export function ProfileActions({ profile, liked, user }: ProfileActionsProps) {
  const { t } = useTranslation(NS);
  const [match, setMatch] = useState(false);
  const own = user?.profile.id === profile.id;

  return (
    <div className="my-3">
      {!own && (
        <div className="d-flex gap-2 align-items-start">
          <LikeButton
            profileId={profile.id}
            name={profile.name}
            liked={liked}
            source="profile"
            onMatch={() => setMatch(true)}
          />
          <Link to={`/members/${profile.id}/chat`} className="btn btn-primary flex-fill">
            <span aria-hidden="true">💬</span> {t('profile.chat')}
          </Link>
        </div>
      )}
      {match && (
        <p className="alert alert-success mt-2 mb-0 py-2" role="status">
          {t('like.match', { name: profile.name })}
        </p>
      )}
      {user && !own && <SafetyActions profileId={profile.id} name={profile.name} />}
    </div>
  );
}
