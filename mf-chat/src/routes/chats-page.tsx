import '../lib/i18n';
import { useTranslation } from 'react-i18next';
import { NS } from '../lib/i18n';
import { ConversationList } from '../features/conversations/components/conversation-list';
import styles from './chats-page.module.scss';
import { withSuspense } from '../lib/with-suspense';

/**
 * `/chats`: the conversation list (SPEC §2). From 992 px the shell's chat layout already shows the list beside the
 * page, so there the page only invites to pick a conversation.
 */
function ChatsPage() {
  const { t } = useTranslation(NS);
  return (
    <>
      <section className={`py-3 ${styles.phone}`}>
        <h1 className="h4 mb-3 px-3">{t('list.title')}</h1>
        <ConversationList />
      </section>
      <div className={styles.wide}>
        <p>{t('list.pick')}</p>
      </div>
    </>
  );
}

export default withSuspense(ChatsPage);
