import '../lib/i18n';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NS } from '../lib/i18n';
import { ConversationList } from '../features/conversations/components/conversation-list';
import styles from './chats-page.module.scss';
import { withSuspense } from '@dating/shared';
import type { RemoteComponent } from '@dating/shared/remotes';

/**
 * `/chats`: the conversation list (docs/product/routes-and-layouts.md). From 992 px the shell's chat layout already shows the list beside the
 * page, so there the page only invites to pick a conversation.
 */
function ChatsPage() {
  const { t } = useTranslation(NS);
  return (
    <>
      <section className={`py-3 ${styles.phone}`}>
        <div className="d-flex align-items-center gap-1 mb-3 px-2">
          {/* The chat layout is bare (no top navigation): the way back to the search. */}
          <Link to="/members" className={styles.back} aria-label={t('list.findMembers')}>
            <span aria-hidden="true">‹</span>
          </Link>
          <h1 className="h4 mb-0">{t('list.title')}</h1>
        </div>
        <ConversationList />
      </section>
      {/* From 992 px the list is the layout's sidebar; the page keeps its heading (one h1 at every width). */}
      <div className={styles.wide}>
        <div className="text-center">
          <h1 className="h4">{t('list.title')}</h1>
          <p className="mb-0">{t('list.pick')}</p>
        </div>
      </div>
    </>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(ChatsPage) satisfies RemoteComponent<'mf_chat/ChatsPage'>;
