import '../lib/i18n';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useGetChatsQuery, type Profile } from '@dating/shared';
import { NS } from '../lib/i18n';
import { useSession } from '../lib/use-session';
import { useGetChatPartnerQuery } from '../features/conversations/api/get-chat-partner';
import { useMarkRead } from '../features/conversations/hooks/use-mark-read';
import { ConversationHeader } from '../features/conversations/components/conversation-header';
import { ConversationList } from '../features/conversations/components/conversation-list';
import styles from './conversation-page.module.scss';
import { withSuspense } from '@dating/shared';

/**
 * `/chats/:id` (a conversation) and `/members/:id/chat` (a conversation with that profile, SPEC §2). The messages
 * call is not part of the API yet: the page shows who the conversation is with and says so. A visitor sees the
 * list's signup invitation.
 */
function ConversationPage() {
  const { t } = useTranslation(NS);
  const id = Number(useParams().id);
  const byProfile = useLocation().pathname.startsWith('/members/');
  const user = useSession();
  const { data: chats, isLoading } = useGetChatsQuery(undefined, { skip: !user });
  const chat = chats?.chats.find((entry) => (byProfile ? entry.profile.id : entry.conversation.id) === id);
  const needsPartner = byProfile && Boolean(user) && Boolean(chats) && !chat;
  const { data: partner } = useGetChatPartnerQuery(id, { skip: !needsPartner });
  useMarkRead(chat?.conversation.id, chat?.num_unread_messages ?? 0);

  const profile: Profile | undefined = chat?.profile ?? (partner ? partner.profile : undefined);
  let main;
  if (user === null) {
    main = <ConversationList />;
  } else if (profile) {
    main = (
      <>
        <ConversationHeader profile={profile} />
        <div className={styles.messages}>
          <p className={styles.note} role="status">
            {t('conversation.unavailable')}
          </p>
        </div>
      </>
    );
  } else if (user === undefined || isLoading || (needsPartner && partner === undefined)) {
    main = <div className={styles.headerSkeleton} aria-busy="true" />;
  } else {
    main = (
      <div className="text-center py-5">
        <p>{t('conversation.notFound')}</p>
        <Link to="/chats" className="btn btn-outline-primary">
          {t('conversation.toList')}
        </Link>
      </div>
    );
  }

  // The shell's chat layout shows the conversation list beside this page from 992 px (SPEC §2).
  return <section className={styles.main}>{main}</section>;
}

export default withSuspense(ConversationPage);
