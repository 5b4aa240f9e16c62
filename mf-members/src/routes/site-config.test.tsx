import { screen, waitFor, within } from '@testing-library/react';
import type { Profile, Settings } from '@dating/shared';
import { jsonResponse, mockFetch, renderPage } from '../lib/test-utils';
import { ProfileDetails } from '../features/profile/components/profile-details';
import { SearchForm } from '../features/search/components/search-form';

// What a site's settings name is what the site shows; two sites configured differently render
// differently.
const bram: Profile = {
  id: 9,
  name: 'Bram',
  age: 41,
  gender: 'male',
  sexuality: 'gay',
  date_of_birth: null,
  country: 'NL',
  region: 'Utrecht',
  city: 'Amersfoort',
  reason: 'Een vaste relatie',
  hair_color: 'gray',
  eye_color: null,
  body_type: 'normal',
  relationship_status: 'single',
  tattoos: false,
  interests: ['wine'],
  main_image: null,
  images: [],
  num_images: 0,
  status: 'active',
  fictional: false,
};

const general: Partial<Settings> = {
  countries: ['NL', 'BE'],
  geoip_selected_country: 'NL',
  visible_profile_fields: [
    'age',
    'gender',
    'sexuality',
    'country',
    'region',
    'city',
    'reason',
    'hair_color',
    'eye_color',
    'interests',
  ],
  visible_profile_notes: false,
  search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
};
const niche: Partial<Settings> = {
  countries: ['NL'],
  geoip_selected_country: 'NL',
  visible_profile_fields: ['city', 'body_type', 'relationship_status', 'eye_color', 'hair_color'],
  visible_profile_notes: true,
  search_fields: ['countryregion', 'min_age', 'max_age'],
};

function serve(settings: Partial<Settings>) {
  return mockFetch((_request, url) => {
    if (url.pathname === '/api/settings.php') return jsonResponse({ fictional_warning: '', ...settings });
    if (url.pathname === '/api/user.php') return jsonResponse({ user: false });
    if (url.pathname === '/api/regions.php') {
      return jsonResponse({
        regions: [
          { country: 'NL', code: 'UT', name: 'Utrecht' },
          { country: 'BE', code: 'VAN', name: 'Antwerpen' },
        ],
      });
    }
    return undefined;
  });
}

const rowLabels = (container: HTMLElement) =>
  [...container.querySelectorAll('dt')].map((dt) => dt.textContent);

describe('visible_profile_fields and visible_profile_notes', () => {
  test('a general site: its fields in its order, place as one row, empty fields left out, interests shown', async () => {
    serve(general);
    const { container } = await renderPage(<ProfileDetails profile={bram} />);
    // The same place row shows with the default fields while the settings load: wait for the site's own.
    await waitFor(() =>
      expect(rowLabels(container)).toEqual([
        'Geslacht',
        'Seksualiteit',
        'Woonplaats',
        'Op zoek naar',
        'Haarkleur',
      ]),
    );
    expect(screen.getByText('Amersfoort, Utrecht, Nederland')).toBeInTheDocument();
    expect(screen.getByText('Wijn')).toBeInTheDocument();
    expect(screen.queryByText('Nog niet ingevuld')).toBeNull();
  });

  test('a niche site: other fields, another order, only the city, a note for an empty field, no interests', async () => {
    serve(niche);
    const { container } = await renderPage(<ProfileDetails profile={bram} />);
    await screen.findByText('Amersfoort');
    expect(rowLabels(container)).toEqual([
      'Woonplaats',
      'Lichaamsbouw',
      'Relatiestatus',
      'Oogkleur',
      'Haarkleur',
    ]);
    const eyes = container.querySelector('[data-field="eye_color"]') as HTMLElement;
    expect(within(eyes).getByText('Nog niet ingevuld')).toBeInTheDocument();
    expect(screen.queryByText('Wijn')).toBeNull();
    expect(screen.queryByText('Geslacht')).toBeNull();
  });
});

describe('search_fields', () => {
  test('the general site offers gender, country, region and ages', async () => {
    serve(general);
    await renderPage(<SearchForm query={{}} onSearch={() => undefined} />);
    const form = await screen.findByRole('form');
    await within(form).findByRole('option', { name: 'België' });
    expect(within(form).getAllByRole('combobox')).toHaveLength(3);
    expect(within(form).getByLabelText('Geslacht')).toBeInTheDocument();
    expect(within(form).getAllByRole('spinbutton')).toHaveLength(2);
  });

  test('the niche site only region (of the visitor country) and ages', async () => {
    serve(niche);
    await renderPage(<SearchForm query={{}} onSearch={() => undefined} />);
    const form = await screen.findByRole('form');
    await within(form).findByRole('option', { name: 'Utrecht' });
    // The default fields show while the settings load: wait for the site's own.
    await waitFor(() => expect(within(form).getAllByRole('combobox')).toHaveLength(1));
    expect(within(form).queryByLabelText('Geslacht')).toBeNull();
    expect(within(form).queryByLabelText('Land')).toBeNull();
    expect(within(form).getAllByRole('spinbutton')).toHaveLength(2);
  });
});
