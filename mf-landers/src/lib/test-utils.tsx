import './test-env';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createI18n, makeStore, type AppStore } from '@dating/shared';
import { NS } from './i18n';

export function jsonResponse(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
}

export type FetchHandler = (request: Request, url: URL) => Response | undefined | Promise<Response | undefined>;

/** Mocks the network edge: `handler` answers by method and path; anything unhandled is a 404. */
export function mockFetch(handler: FetchHandler): jest.Mock {
  const mock = jest.fn(async (input: Request) => {
    const request = typeof input === 'string' ? new Request(input) : input;
    const url = new URL(request.url);
    return (await handler(request, url)) ?? jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

function readLocale(locale: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(__dirname, '../locales', `${locale}.json`), 'utf8')) as Record<string, unknown>;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders a page as the shell would: the real store and i18n (nl), a router at `route` matching `path`. */
export async function renderPage(
  page: ReactElement,
  { route = '/', path = '/', store = makeStore() }: { route?: string; path?: string; store?: AppStore } = {},
) {
  const i18n = await createI18n({
    locale: 'nl',
    namespaces: [NS],
    initialResources: { nl: { [NS]: readLocale('nl') } },
  });
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n} defaultNS={NS}>
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
}
