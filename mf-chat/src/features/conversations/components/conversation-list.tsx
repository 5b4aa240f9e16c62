import '../../../lib/i18n';
import { useCurrentUser } from '@dating/shared';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signupModalOpened, toDisplayError, useAppDispatch, useGetChatsQuery } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { useRemoveConversation } from '../hooks/use-remove-conversation';
import { ConversationItem } from './conversation-item';
import styles from './conversation-list.module.scss';
import { withSuspense } from '@dating/shared';
import type { ConversationListProps } from '@dating/shared/remotes';

/** Props of the `mf_chat/ConversationList` expose: the contract in shared. */
export type { ConversationListProps } from '@dating/shared/remotes';

/** The conversation (or the profile, for `/members/:id/chat`) the address points at. */
function useActive(activeId: number | undefined) {
  const { pathname } = useLocation();
  if (activeId !== undefined) return { conversation: activeId, profile: undefined };
  const chat = matchPath('/chats/:id', pathname);
  const profile = matchPath('/members/:id/chat', pathname);
  return {
    conversation: chat ? Number(chat.params.id) : undefined,
    profile: profile ? Number(profile.params.id) : undefined,
  };
}

function Skeleton({ rows }: { rows: number }) {
  return (
    <ul className={styles.list} aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className={`${styles.item} ${styles.skeleton}`} />
      ))}
    </ul>
  );
}

/** The member's conversations from chats.php (docs/product/routes-and-layouts.md): also exposed alone for the shell's chat layout. */
export function ConversationList({ compact = false, activeId }: ConversationListProps) {
  const { t } = useTranslation(NS);
  const dispatch = useAppDispatch();
  const user = useCurrentUser();
  const { data, error, isLoading, refetch } = useGetChatsQuery(undefined, { skip: !user });
  const remove = useRemoveConversation();
  const active = useActive(activeId);

  if (user === null) {
    if (compact) return null;
    return (
      <div className="text-center py-5">
        <p className="lead">{t('list.visitor')}</p>
        <div className="d-flex gap-2 justify-content-center">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => dispatch(signupModalOpened({ source: 'chats' }))}
          >
            {t('list.signup')}
          </button>
          <Link to="/login" className="btn btn-outline-primary">
            {t('list.login')}
          </Link>
        </div>
      </div>
    );
  }
  if (user === undefined || isLoading) return <Skeleton rows={compact ? 6 : 4} />;
  if (error) {
    return (
      <div className="alert alert-danger m-2" role="alert">
        <p className="mb-2">{toDisplayError(error)?.message ?? t('errors.generic')}</p>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void refetch()}>
          {t('errors.retry')}
        </button>
      </div>
    );
  }
  const chats = data ? data.chats : [];
  if (chats.length === 0) {
    return (
      <div className="text-center text-muted py-5 px-3">
        <p>{t('list.empty')}</p>
        {!compact && (
          <Link to="/members" className="btn btn-primary">
            {t('list.findMembers')}
          </Link>
        )}
      </div>
    );
  }
  return (
    <ul className={`${styles.list} ${compact ? styles.compact : ''}`} aria-label={t('list.title')}>
      {chats.map((chat) => (
        <ConversationItem
          key={chat.conversation.id}
          chat={chat}
          active={chat.conversation.id === active.conversation || chat.profile.id === active.profile}
          compact={compact}
          onRemove={(id) => void remove(id)}
        />
      ))}
    </ul>
  );
}

export default withSuspense(ConversationList);
