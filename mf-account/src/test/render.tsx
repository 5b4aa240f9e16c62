import './polyfills';
import { Suspense, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createI18n, makeStore, coreApi, type Settings, type User } from '@dating/shared';
import { profileFixture, userFixture } from '@dating/shared/testing';
import { OPTION_LABELS_NS } from '@dating/shared/option-labels';
import nl from '../locales/nl.json';
import nlPages from '../locales/pages/nl.json';
import nlSignup from '../locales/signup/nl.json';

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export interface RenderOptions {
  path: string;
  route?: string;
  user?: User | false;
  settings?: Partial<Settings>;
}

export const TEST_SETTINGS = {
  name: 'Testsite',
  countries: ['NL', 'BE'],
  signups: 'all',
  min_age: 18,
  support_email: 'support@example.com',
} as unknown as Settings;

/** Renders a page with the real store and real i18n (nl resources), at `path`, inside a router. */
export async function renderPage(
  ui: ReactElement,
  { path, route = '*', user = false, settings }: RenderOptions,
) {
  const store = makeStore();
  await store.dispatch(coreApi.util.upsertQueryData('getUser', undefined, { user }));
  await store.dispatch(
    coreApi.util.upsertQueryData('getSettings', undefined, { ...TEST_SETTINGS, ...settings }),
  );
  // Record what the page dispatches (plain actions only), e.g. the shell's signup events.
  const actions: string[] = [];
  const dispatch = store.dispatch;
  store.dispatch = ((action: unknown) => {
    if (action && typeof action === 'object' && 'type' in action) actions.push(String(action.type));
    return dispatch(action as Parameters<typeof dispatch>[0]);
  }) as typeof store.dispatch;
  const i18n = await createI18n({
    locale: 'nl',
    namespaces: ['account', 'account-signup', 'account-pages'],
    initialResources: { nl: { account: nl, 'account-signup': nlSignup, 'account-pages': nlPages } },
  });
  await i18n.loadNamespaces(OPTION_LABELS_NS);
  const utils = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={null}>
            <Routes>
              <Route path={route} element={ui} />
              {route === '*' ? null : <Route path="*" element={null} />}
            </Routes>
            <LocationProbe />
          </Suspense>
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { store, i18n, actions, ...utils };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return userFixture({
    email: 'anna@example.com',
    credits: 0,
    paid_user: false,
    language: 'nl',
    signup_date: '2026-11-01T10:00:00Z',
    // Never asked about push: the push alert logic decides from the browser alone.
    push_subscribed: undefined,
    profile: profileFixture({
      id: 7,
      name: 'Anna',
      gender: 'female',
      date_of_birth: '1996-05-01',
      main_image: null,
      about: null,
    }),
    ...overrides,
  });
}
