import { act, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { signupModalOpened, type AppStore } from '@dating/shared';
import { SSR_PAGE_SCRIPT } from '@dating/shared/ssr-page-script';
import { NS } from '../../../lib/i18n';
import { jsonResponse, mockFetch, renderPage } from '../../../lib/test-utils';
import { ProfileTeasers } from './profile-teasers';
import { SignupButton } from '../../../lib/signup-button';

// A lander as a slow phone gets it (docs/adr/0030): the server's markup and the page's inline script first, a tap
// on a photo, and only then React hydrating that markup.

const SOURCE = 'home';
const profiles = [1, 2, 3, 4, 5, 6].map((id) => ({
  id,
  name: `Sanne ${id}`,
  age: 30 + id,
  city: 'Breda',
  main_image: null,
}));

/** The store and i18n of a page whose members are known, as the server had them when it rendered. */
async function site() {
  mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php')
      return jsonResponse({
        name: 'Flirtplein',
        niche: 1,
        logged_out_search: 'other',
        logged_out_search_trafficsource: 'none',
      });
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/members.php')
      return jsonResponse({ profiles, pageNumber: 1, numResults: 12, total: 6, similar: false });
    return undefined;
  });
  const view = await renderPage(<ProfileTeasers source={SOURCE} />);
  await screen.findByText(/Sanne 6, 36/);
  view.unmount();
  return { store: view.store, i18n: view.i18n };
}

function page(store: AppStore, i18n: I18n) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n} defaultNS={NS}>
        <MemoryRouter>
          <ProfileTeasers source={SOURCE} />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>
  );
}

/** The server's HTML in the document, with the page's inline script running. */
function serverMarkup(store: AppStore, i18n: I18n) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(store, i18n));
  document.body.appendChild(container);
  new Function(SSR_PAGE_SCRIPT)();
  return container;
}

const signupsOpened = (dispatch: jest.SpyInstance) =>
  dispatch.mock.calls.map(([action]) => action).filter((action) => signupModalOpened.match(action));

afterEach(() => {
  document.body.innerHTML = '';
  delete (window as unknown as Record<string, unknown>).__earlySignupTaps;
});

test('a photo tapped before hydration opens the signup once it is hydrated, once; the photos not tapped do not', async () => {
  const { store, i18n } = await site();
  const container = serverMarkup(store, i18n);
  const teasers = container.querySelectorAll('button');
  expect(teasers).toHaveLength(6);
  teasers.forEach((teaser) => expect(teaser).toHaveAttribute('data-signup-source', SOURCE));
  // The tap lands on the photo inside the button, before React has any handler on the page.
  const tapped = teasers[3]!;
  tapped.querySelector('span')!.click();

  const dispatch = jest.spyOn(store, 'dispatch');
  const errors = jest.spyOn(console, 'error');
  await act(async () => {
    render(page(store, i18n), { container, hydrate: true });
  });
  expect(signupsOpened(dispatch)).toEqual([signupModalOpened({ source: SOURCE })]);
  // Hydrated onto the server's nodes (no mismatch, no replacement): the tapped button is the one on the page.
  expect(screen.getAllByRole('button')[3]).toBe(tapped);
  expect(errors).not.toHaveBeenCalled();

  // Later taps are React's, each one opening the signup.
  await act(async () => screen.getAllByRole('button')[0]!.click());
  expect(signupsOpened(dispatch)).toHaveLength(2);
});

test('no photo tapped before hydration: hydrating opens nothing', async () => {
  const { store, i18n } = await site();
  const container = serverMarkup(store, i18n);
  // A click elsewhere on the page is not a signup button's.
  container.querySelector('h2')!.click();

  const dispatch = jest.spyOn(store, 'dispatch');
  await act(async () => {
    render(page(store, i18n), { container, hydrate: true });
  });
  expect(screen.getAllByRole('button')).toHaveLength(6);
  expect(signupsOpened(dispatch)).toEqual([]);
});

test('a button disabled when it is hydrated does not open, as its click would not', async () => {
  const { store } = await site();
  const markup = (
    <Provider store={store}>
      <SignupButton source={SOURCE} disabled>
        Foto
      </SignupButton>
    </Provider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(markup);
  document.body.appendChild(container);
  new Function(SSR_PAGE_SCRIPT)();
  // Recorded as the script would for a tap on its photo (browsers differ on clicks inside a disabled button).
  (window as unknown as { __earlySignupTaps: { el: Element | null } }).__earlySignupTaps.el =
    container.querySelector('button');

  const dispatch = jest.spyOn(store, 'dispatch');
  await act(async () => {
    render(markup, { container, hydrate: true });
  });
  expect(signupsOpened(dispatch)).toEqual([]);
});
