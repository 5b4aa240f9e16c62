import '../lib/i18n';
import { useCurrentUser } from '@dating/shared';
import { useEffect } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  ErrorAlert,
  signupModalOpened,
  useAppDispatch,
  useGetChatsQuery,
  useGetMemberQuery,
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

/** Signup step 0 (SPEC §4): a visitor who wants to write to this profile signs up with a first message to it. */
function VisitorInvite({ profile }: { profile: Profile }) {
  const { t } = useTranslation(NS);
  const dispatch = useAppDispatch();
  return (
    <>
      <ConversationHeader profile={profile} />
      <div className="text-center py-5 px-3">
        <p className="lead">{t('conversation.visitorInvite', { name: profile.name })}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() =>
            dispatch(
              signupModalOpened({
                source: `profile:${profile.id}`,
                profile: { id: profile.id, name: profile.name },
              }),
            )
          }
        >
          {t('conversation.visitorSend', { name: profile.name })}
        </button>
      </div>
    </>
  );
}

/**
 * `/chats/:id` (a conversation) and `/members/:id/chat` (the conversation with that profile, started by the first
 * message when there is none yet; SPEC §2). A visitor sees the list's signup invitation.
 */
function ConversationPage() {
  const { t } = useTranslation(NS);
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
  // A visitor on a profile's chat entry sees who it is with (signup step 0), a member before the first message.
  const needsPartner = byProfile && (user === null || (Boolean(user) && Boolean(chats.data) && !chat));
  const partner = useGetMemberQuery(id, { skip: !needsPartner });
  // Reading the newest page zeroed the count on the server; the list agrees at once.
  useMarkRead(messages.data ? conversation : undefined, chat?.num_unread_messages ?? 0);

  const pages = messages.data?.pages ?? [];
  const profile: Profile | undefined =
    pages[0]?.profile ?? chat?.profile ?? (partner.data ? partner.data.profile : undefined);
  let main;
  if (user === null) {
    main = byProfile && profile ? <VisitorInvite profile={profile} /> : <ConversationList />;
  } else if (profile && (conversation === undefined || messages.data)) {
    main = (
      <>
        <ConversationHeader profile={profile} />
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
    main = (
      <div className="p-3">
        <ErrorAlert error={messages.error} />
        <button type="button" className="btn btn-outline-primary" onClick={() => void messages.refetch()}>
          {t('errors.retry')}
        </button>
      </div>
    );
  } else if (
    user === undefined ||
    chats.isLoading ||
    messages.isLoading ||
    (needsPartner && partner.isLoading)
  ) {
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

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default withSuspense(ConversationPage) satisfies RemoteComponent<'mf_chat/ConversationPage'>;
