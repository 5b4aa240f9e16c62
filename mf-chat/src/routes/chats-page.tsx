import '../lib/i18n';
import { useTranslation } from 'react-i18next';
import { NS } from '../lib/i18n';
import { ConversationList } from '../features/conversations/components/conversation-list';

/** `/chats`: the conversation list (SPEC §2). */
export default function ChatsPage() {
  const { t } = useTranslation(NS);
  return (
    <section className="container py-3 px-0 px-sm-3">
      <h1 className="h4 mb-3 px-3 px-sm-0">{t('list.title')}</h1>
      <ConversationList />
    </section>
  );
}
