import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router-dom';
import { DEFAULT_LOCALE, createI18n, isLocale, makeStore } from '@dating/shared';
import { NS } from '../lib/i18n';
import './standalone.scss';

const ChatsPage = lazy(() => import('../routes/chats-page'));
const ConversationPage = lazy(() => import('../routes/conversation-page'));
const ConversationList = lazy(() => import('../components/conversation-list'));

/** Like the shell's chat layout: the list beside the page from 992 px. */
function ChatLayout() {
  return (
    <div className="d-flex vh-100 overflow-hidden">
      <aside className="d-none d-lg-block border-end overflow-auto" style={{ width: 320 }}>
        <ConversationList />
      </aside>
      <main className="flex-grow-1 d-flex flex-column overflow-auto">
        <Outlet />
      </main>
    </div>
  );
}

/** This remote alone, for its team's development (`npm run dev`): its own store, i18n and router. */
async function start() {
  const store = makeStore();
  const requested = new URLSearchParams(window.location.search).get('lng');
  const i18n = await createI18n({ locale: isLocale(requested) ? requested : DEFAULT_LOCALE, namespaces: [NS] });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n} defaultNS={NS}>
          <BrowserRouter>
            <Suspense fallback={null}>
              <Routes>
                <Route element={<ChatLayout />}>
                  <Route path="/" element={<ChatsPage />} />
                  <Route path="/chats" element={<ChatsPage />} />
                  <Route path="/chats/:id" element={<ConversationPage />} />
                  <Route path="/members/:id/chat" element={<ConversationPage />} />
                </Route>
              </Routes>
            </Suspense>
          </BrowserRouter>
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
}

void start();
