import { lazy } from 'react';
import { Outlet, Route } from 'react-router-dom';
import { renderStandalone } from '@dating/shared/standalone';
import { NS } from '../lib/i18n';
import './standalone.scss';

const ChatsPage = lazy(() => import('../routes/chats-page'));
const ConversationPage = lazy(() => import('../routes/conversation-page'));
const ConversationList = lazy(() => import('../components/conversation-list'));

/** Like the shell's chat layout: the list beside the page from 992 px. */
function ChatLayout() {
  return (
    <div className="d-flex vh-100 overflow-hidden">
      <aside className="d-none d-lg-block border-end overflow-auto w-25">
        <ConversationList />
      </aside>
      <main className="flex-grow-1 d-flex flex-column overflow-auto">
        <Outlet />
      </main>
    </div>
  );
}

/** This remote alone, for its team's development (`npm run dev`). */
void renderStandalone(
  NS,
  <>
    <Route element={<ChatLayout />}>
      <Route path="/" element={<ChatsPage />} />
      <Route path="/chats" element={<ChatsPage />} />
      <Route path="/chats/:id" element={<ConversationPage />} />
      <Route path="/members/:id/chat" element={<ConversationPage />} />
    </Route>
  </>,
);
