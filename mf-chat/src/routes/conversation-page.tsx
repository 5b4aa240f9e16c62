import '../lib/i18n';
import { useCurrentUser } from '@dating/shared';
import { useEffect, type ComponentProps } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  ErrorAlert,
  signupModalOpened,
  trafficSource,
  useAppDispatch,
  useGetChatsQuery,
  useGetMemberQuery,
  useGetSettingsQuery,
  visitorMayBrowse,
  useGetMessagesInfiniteQuery,
  withSuspense,
  type ChatEntry,
  type MessagesResponse,
  type Profile,
} from '@dating/shared';
import { NS } from '../lib/i18n';
import { useMarkRead } from '../features/conversations/hooks/use-mark-read';
import { ConversationHeader } from '../features/conversations/components/conversation-header';
import { ConversationList } from '../features/conversations/components/conversation-list';
import { ConversationView } from '../features/messages/components/conversation-view';
import { Composer } from '../features/messages/components/composer';
import messageStyles from '../features/messages/components/messages.module.scss';
import { ConversationMenu } from '../features/safety/components/conversation-menu';
import styles from './conversation-page.module.scss';
import type { RemoteComponent } from '@dating/shared/remotes';

/**
 * Without the live channel, the shell's polled chat list is what tells of a new message: when it shows a newer
 * last message than the page has, the page reloads.
 */
function useCatchUp(
  chat: ChatEntry | undefined,
  pages: MessagesResponse[] | undefined,
  refetch: () => unknown,
) {
  const listed = chat?.last_message?.sent_at;
  const newest = pages?.[0]?.messages.at(-1)?.sent_at;
  useEffect(() => {
    if (listed && newest && listed > newest) void refetch();
  }, [listed, newest, refetch]);
}

/**
 * Signup step 0 (docs/product/member-model.md): a visitor on a profile's chat entry writes to that member at once. Sending
 * opens the signup modal with the text; the server sends it as `signup_message` once the account exists, paid
 * from the signup bonus, and this page then shows the conversation.
 */
function VisitorConversation({ profile }: { profile: Profile }) {
  const { t } = useTranslation(NS);
  const dispatch = useAppDispatch();
  const { data: settings } = useGetSettingsQuery();
  return (
    <>
      <ConversationHeader profile={profile} />
      <div className={messageStyles.scroller}>
        {profile.fictional && settings?.fictional_warning && (
          <p className={messageStyles.notice} role="note">
            {settings.fictional_warning}
          </p>
        )}
        <p className={messageStyles.notice}>{t('conversation.visitorInvite', { name: profile.name })}</p>
      </div>
      <Composer
        maxLength={settings?.message_length ?? 1000}
        cost={null}
        onText={(message) =>
          dispatch(
            signupModalOpened({
              source: `profile:${profile.id}`,
              profile: { id: profile.id, name: profile.name },
              message,
            }),
          )
        }
      />
    </>
  );
}

/** The conversation could not be loaded (not a 404): the error and a retry. */
function MessagesError({
  error,
  retry,
}: {
  error: ComponentProps<typeof ErrorAlert>['error'];
  retry: () => unknown;
}) {
  const { t } = useTranslation(NS);
  return (
    <div className="p-3">
      <ErrorAlert error={error} />
      <button type="button" className="btn btn-outline-primary" onClick={() => void retry()}>
        {t('errors.retry')}
      </button>
    </div>
  );
}

function ConversationNotFound() {
  const { t } = useTranslation(NS);
  return (
    <div className="text-center py-5">
      <p>{t('conversation.notFound')}</p>
      <Link to="/chats" className="btn btn-outline-primary">
        {t('conversation.toList')}
      </Link>
    </div>
  );
}

/**
 * `/chats/:id` (a conversation) and `/members/:id/chat` (the conversation with that profile, started by the first
 * message when there is none yet; docs/product/routes-and-layouts.md). A visitor sees the list's signup invitation.
 * The page does not suspend for its texts: its messages are asked for when it arrives (a conversation opened from
 * a notification, on a phone), beside the texts, and it shows its skeleton until both are there.
 */
function ConversationPage() {
  const { ready: textsReady } = useTranslation(NS, { useSuspense: false });
  const id = Number(useParams().id);
  const byProfile = useLocation().pathname.startsWith('/members/');
  const user = useCurrentUser();
  const chats = useGetChatsQuery(undefined, { skip: !user });
  const chat = chats.data?.chats.find(
    (entry) => (byProfile ? entry.profile.id : entry.conversation.id) === id,
  );
  const conversation = byProfile ? chat?.conversation.id : id;
  // Opening a conversation reads it again: the newest page is what marks it read on the server.
  const messages = useGetMessagesInfiniteQuery(
    user && conversation !== undefined ? conversation : skipToken,
    {
      refetchOnMountOrArgChange: true,
    },
  );
  useCatchUp(chat, messages.data?.pages, messages.refetch);
  // A visitor on a profile's chat entry sees who it is with (signup step 0; where the site lets visitors see
  // profiles, docs/product/member-model.md, else the list's signup invitation), a member before the first message.
  const { data: settings } = useGetSettingsQuery();
  const visitorMaySee = user === null && visitorMayBrowse(settings, trafficSource());
  const needsPartner = byProfile && (visitorMaySee || (Boolean(user) && Boolean(chats.data) && !chat));
  const partner = useGetMemberQuery(id, { skip: !needsPartner });
  // Reading the newest page zeroed the count on the server; the list agrees at once.
  useMarkRead(messages.data ? conversation : undefined, chat?.num_unread_messages ?? 0);

  const pages = messages.data?.pages ?? [];
  const profile: Profile | undefined =
    pages[0]?.profile ?? chat?.profile ?? (partner.data ? partner.data.profile : undefined);
  // Deleted or blocked (the live `conversation_removed` refetches it): a 404 wins over the pages still cached.
  const removed = (messages.error as { status?: unknown } | undefined)?.status === 404;
  let main;
  if (!textsReady) {
    main = <div className={styles.headerSkeleton} aria-busy="true" />;
  } else if (user === null) {
    if (byProfile && profile) main = <VisitorConversation profile={profile} />;
    else if (byProfile && (!settings || partner.isLoading))
      main = <div className={styles.headerSkeleton} aria-busy="true" />;
    else main = <ConversationList />;
  } else if (profile && !removed && (conversation === undefined || messages.data)) {
    main = (
      <>
        <ConversationHeader
          profile={profile}
          menu={<ConversationMenu profileId={profile.id} name={profile.name} conversation={conversation} />}
        />
        <ConversationView
          profile={profile}
          conversation={conversation}
          pages={pages}
          hasOlder={messages.hasNextPage}
          loadingOlder={messages.isFetchingNextPage}
          onLoadOlder={() => void messages.fetchNextPage()}
        />
      </>
    );
  } else if (messages.isError && (messages.error as { status?: unknown }).status !== 404) {
    main = <MessagesError error={messages.error} retry={messages.refetch} />;
  } else if (
    user === undefined ||
    chats.isLoading ||
    messages.isLoading ||
    (needsPartner && partner.isLoading)
  ) {
    main = <div className={styles.headerSkeleton} aria-busy="true" />;
  } else {
    main = <ConversationNotFound />;
  }

  // The shell's chat layout shows the conversation list beside this page from 992 px (docs/product/routes-and-layouts.md).
  return <section className={styles.main}>{main}</section>;
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(ConversationPage) satisfies RemoteComponent<'mf_chat/ConversationPage'>;
