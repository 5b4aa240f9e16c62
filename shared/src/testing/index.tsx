// Test kit for the browser packages: render a page the way the shell does (real store, real i18n) and mock the
// network only at its edge, through msw (./msw.ts). Imported by tests only; no app bundle includes it.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { ResourceKey } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createI18n, registerNamespace } from '../i18n/i18n';
import { OPTION_LABELS_NS } from '../option-labels';
import { makeStore, type AppStore } from '../store/make-store';
import { answerRequests } from './msw';

export { answerRequests, http, HttpResponse, notFound, server } from './msw';

export { profileFixture, userFixture } from './fixtures';

export function jsonResponse(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
}

export type FetchHandler = (
  request: Request,
  url: URL,
) => Response | undefined | Promise<Response | undefined>;

/**
 * The network edge through msw: `handler` answers by method and path; anything unhandled is a 404. Returns a mock
 * that records each request (`mock.calls[i][0]` is a copy of the Request), for tests that assert what was sent.
 */
export function mockFetch(handler: FetchHandler): jest.Mock<void, [Request]> {
  const requests = jest.fn<void, [Request]>();
  answerRequests((request) => handler(request, new URL(request.url)), requests);
  return requests;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderPageOptions {
  route?: string;
  path?: string;
  store?: AppStore;
}

/**
 * A renderer for one namespace: `renderPage(<Page />, { route, path })` mounts the page with the real store and
 * i18n in nl, inside a router at `route` matching `path`, plus a `location` probe to assert navigation.
 */
export function createPageRenderer(namespace: string, nlResources: ResourceKey) {
  return async function renderPage(
    page: ReactElement,
    { route = '/', path = '/', store = makeStore() }: RenderPageOptions = {},
  ) {
    const i18n = await createI18n({
      locale: 'nl',
      namespaces: [namespace],
      initialResources: { nl: { [namespace]: nlResources } },
    });
    // The option labels every profile shows (`@dating/shared/option-labels`), loaded up front like the page's own.
    await i18n.loadNamespaces(OPTION_LABELS_NS);
    const view = render(
      <Provider store={store}>
        <I18nextProvider i18n={i18n} defaultNS={namespace}>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={page} />
              <Route path="*" element={null} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </I18nextProvider>
      </Provider>,
    );
    return { store, i18n, ...view };
  };
}
export { installFakePush, type FakePushOptions } from './push';

/**
 * Renders a page whose own texts (`namespace`) arrive only when the test calls `release`: on a phone each text file is
 * a round trip, and a page should ask for its data before they are there, not after. `restore` puts back a loader
 * that answers at once (call it when done: the loader registry is the process's).
 */
export async function renderWithTextsHeld(
  page: ReactElement,
  {
    namespace,
    nlResources,
    route = '/',
    path = '/',
  }: { namespace: string; nlResources: ResourceKey; route?: string; path?: string },
) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  registerNamespace(namespace, async () => {
    await held;
    return nlResources;
  });
  const i18n = await createI18n({ locale: 'nl', namespaces: [] });
  const view = render(
    <Provider store={makeStore()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={page} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { ...view, release, restore: () => registerNamespace(namespace, async () => nlResources) };
}
