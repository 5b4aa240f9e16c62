import { screen } from '@testing-library/react';
import { renderShell } from '../test/render-shell';
import { termsVersionDate } from './terms-date';

beforeEach(() => localStorage.setItem('site-entry-warning-closed', '1'));
afterEach(() => localStorage.clear());

describe('static pages', () => {
  test('terms version date: 2023-12-01 12:00 UTC or the company added date when later (docs/product/sites-and-landers.md)', () => {
    expect(termsVersionDate('2020-01-01T00:00:00Z').toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('2024-05-02T08:00:00Z').toISOString()).toBe('2024-05-02T08:00:00.000Z');
    expect(termsVersionDate(null).toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });

  test('the terms page shows the operating company and the version date', async () => {
    await renderShell({ path: '/pages/terms', user: false });
    expect(await screen.findByRole('heading', { name: 'Terms and conditions' })).toBeInTheDocument();
    expect(
      screen.getByText(
        /Example Media B\.V\., Keizersgracht 1, Amsterdam, NL \(Chamber of Commerce number 12345678\)/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('terms-version')).toHaveTextContent('Version of December 1, 2023');
  });

  test('the footer has the links of docs/product/routes-and-layouts.md and the US footer for en', async () => {
    await renderShell({ path: '/pages/service', user: false, settings: { us_footer: true } });
    await screen.findByTestId('static-page-service');
    for (const [name, href] of [
      ['Terms and conditions', '/pages/terms'],
      ['Privacy', '/pages/privacy'],
      ['Cookies', '/pages/cookies'],
      ['Blocked accounts', '/pages/ban'],
      ['Pricing', '/pricing'],
      ['Complaints', '/complaints'],
      ['Return policy', '/pages/return-policy'],
      ['FAQ', '/pages/faq'],
      ['Customer service', '/pages/service'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByTestId('us-footer')).toBeInTheDocument();
    expect(screen.getByTestId('legal-disclaimer')).toHaveTextContent(
      'Flirtplaats is intended only for adults aged 18 and over.',
    );
  });
});
