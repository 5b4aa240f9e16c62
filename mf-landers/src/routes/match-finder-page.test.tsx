import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderPage } from '../lib/test-utils';
import MatchFinderPage from './match-finder-page';

test('three answers lead to the member search with those filters', async () => {
  mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php')
      return jsonResponse({ name: 'Flirtplein', niche: 1, countries: ['NL', 'BE'] });
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    return undefined;
  });
  await renderPage(<MatchFinderPage />, { route: '/match-finder', path: '/match-finder' });

  await userEvent.click(await screen.findByRole('button', { name: 'Een vrouw' }));
  await userEvent.click(screen.getByRole('button', { name: '26 tot 35 jaar' }));
  await userEvent.click(await screen.findByRole('button', { name: 'België' }));

  expect(screen.getByTestId('location')).toHaveTextContent(
    '/members?gender=female&min_age=26&max_age=35&country=BE',
  );
});
