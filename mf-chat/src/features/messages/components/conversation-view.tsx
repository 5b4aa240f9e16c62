import { useTranslation } from 'react-i18next';
import {
  formatMinorMoney,
  minimumMessageCost,
  useCurrentUser,
  useGetSettingsQuery,
  type MessagesResponse,
  type Profile,
} from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { useOutbox } from '../outbox/use-outbox';
import { useOnline } from '../hooks/use-online';
import { useIsTyping, useTypingNotifier } from '../hooks/use-typing';
import { useReadWhileOpen } from '../hooks/use-read-while-open';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { SendAlert } from './send-alert';
import styles from './messages.module.scss';

export interface ConversationViewProps {
  profile: Profile;
  /** Undefined until the first message to this member has started the conversation. */
  conversation: number | undefined;
  pages: MessagesResponse[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/** The messages area and the send-message footer of the chat layout (docs/product/routes-and-layouts.md). */
export function ConversationView({
  profile,
  conversation,
  pages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: ConversationViewProps) {
  const { t, i18n } = useTranslation(NS);
  const { data: settings } = useGetSettingsQuery();
  const user = useCurrentUser();
  const minimumCost = minimumMessageCost(settings);
  const online = useOnline();
  const outbox = useOutbox();
  const typing = useIsTyping(conversation);
  const notifyTyping = useTypingNotifier(conversation);
  useReadWhileOpen(conversation, pages);

  const mine = outbox.items.filter((item) =>
    conversation !== undefined
      ? item.conversation === conversation || item.member === profile.id
      : item.member === profile.id,
  );
  const failed = [...mine].reverse().find((item) => item.status === 'failed');
  const target =
    conversation !== undefined ? { conversation, member: null } : { conversation: null, member: profile.id };
  const returnTo = conversation !== undefined ? `/chats/${conversation}` : `/members/${profile.id}/chat`;
  const empty = pages.every((page) => page.messages.length === 0) && mine.length === 0;

  return (
    <>
      <MessageList
        label={t('conversation.messagesWith', { name: profile.name })}
        pages={pages}
        pending={mine}
        hasOlder={hasOlder}
        loadingOlder={loadingOlder}
        onLoadOlder={onLoadOlder}
        onRetry={outbox.retry}
        online={online}
        top={
          <>
            {profile.fictional && settings?.fictional_warning && (
              <p className={styles.notice} role="note">
                {settings.fictional_warning}
              </p>
            )}
            {empty && <p className={styles.notice}>{t('conversation.start', { name: profile.name })}</p>}
          </>
        }
        bottom={
          <p className={styles.typing} aria-live="polite">
            {typing ? t('conversation.typing', { name: profile.name }) : ''}
          </p>
        }
      />
      {!online && (
        <p className="alert alert-info m-2 mb-0 py-2" role="status">
          {t('composer.offline')}
        </p>
      )}
      {failed?.error && <SendAlert error={failed.error} returnTo={returnTo} />}
      <Composer
        maxLength={settings?.message_length ?? 1000}
        cost={settings ? settings.message_credits : null}
        photoCost={settings ? settings.photo_credits : null}
        balance={user ? user.credits : null}
        buyTo={`/credits?return=${returnTo}`}
        minimumPrice={minimumCost ? formatMinorMoney(minimumCost, i18n.language) : null}
        onTyping={notifyTyping}
        onText={(text) => outbox.send({ ...target, type: 'text', text, gift: null, photo: null })}
        onGift={(gift) => outbox.send({ ...target, type: 'gift', text: null, gift, photo: null })}
        onPhoto={(photo) => outbox.send({ ...target, type: 'photo', text: null, gift: null, photo })}
      />
    </>
  );
}
