import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { SkipLink } from '@dating/shared';
import { SignupModal } from '../banners/signup-modal';
import { SiteEntryWarning } from '../banners/site-entry-warning';
import { RemoteModule } from '../remotes/remote-module';
import type { RemoteTarget } from '../remotes/remote-loader';
import type { ConversationListProps } from '@dating/shared/remotes';

const CONVERSATION_LIST: RemoteTarget<'mf_chat/ConversationList'> = {
  remote: 'mf_chat',
  module: 'ConversationList',
};
const SIDEBAR_PROPS: ConversationListProps = { compact: true };

/**
 * Bare chat screen (docs/product/routes-and-layouts.md): the conversation list from mf_chat beside the conversation, the list hidden below
 * 992 px (the chats page itself is the list on a phone).
 */
export function ChatLayout() {
  const { t } = useTranslation();
  return (
    <div className="shell-layout shell-layout-chat d-flex vh-100 overflow-hidden" data-layout="chat">
      <SkipLink>{t('nav.skipToContent')}</SkipLink>
      <aside className="shell-chat-sidebar d-none d-lg-flex flex-column border-end">
        {/* `props` go to the list (smaller rows, no remove buttons); `compact` sizes only the shell's fallback. */}
        <RemoteModule target={CONVERSATION_LIST} props={SIDEBAR_PROPS} compact />
      </aside>
      <main className="flex-grow-1 d-flex flex-column min-w-0" id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteEntryWarning layout="chat" />
      <SignupModal />
    </div>
  );
}
