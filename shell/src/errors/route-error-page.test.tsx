import '../test/fetch-edge';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createI18n } from '@dating/shared';
import en from '../locales/en.json';
import { RouteErrorPage } from './route-error-page';

async function renderFailing(loader: () => unknown) {
  const i18n = await createI18n({ locale: 'en', initialResources: { en: { common: en } } });
  const router = createMemoryRouter([
    { path: '/', loader, Component: () => null, errorElement: <RouteErrorPage /> },
  ]);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
  });
}

describe('error page (docs/product/routes-and-layouts.md, docs/product/calls-and-errors.md)', () => {
  test('page data failure: the message as title, status 500 by default', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderFailing(() => {
      throw new Error('Profiles could not be loaded');
    });
    expect(await screen.findByRole('heading', { name: 'Profiles could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(document.title).toBe('Profiles could not be loaded');
    expect(screen.getByTestId('progress-bar')).toHaveClass('shell-progress-failed');
  });

  test('a response error without text shows the word Error with its status', async () => {
    await renderFailing(() => {
      throw new Response(null, { status: 503 });
    });
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText('503')).toBeInTheDocument();
  });

  test('a 404 says the page could not be found, with a link home', async () => {
    await renderFailing(() => {
      throw new Response(null, { status: 404 });
    });
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });
});
