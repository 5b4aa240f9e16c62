import { makeUser, renderPage } from '../test/render';
import { apiError, mockFetch } from '../test/fetch-mock';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnPhoto, PhotosResponse } from '@dating/shared';
import ProfileSettingsPage from './profile-settings-page';

function photo(id: number, overrides: Partial<OwnPhoto> = {}): OwnPhoto {
  return {
    id,
    filename: `/photos/${id}.jpg`,
    thumb_filename: `/photos/${id}-thumb.jpg`,
    match: `/photos/${id}-match.jpg`,
    status: 'active',
    main: id === 1,
    uploaded_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

const common = {
  'GET /api/regions.php': { body: { regions: [] } },
  'GET /api/blocks.php': { body: { blocks: [] } },
};

async function photosSection() {
  return within(await screen.findByRole('region', { name: "Foto's" }));
}

describe('ProfileSettingsPage photos', () => {
  it("shows 'Foto-limiet bereikt' instead of the upload once the limit is reached", async () => {
    const full: PhotosResponse = {
      photos: [photo(1), photo(2), photo(3, { status: 'inspection' })],
      limit: 3,
    };
    mockFetch({ ...common, 'GET /api/photos.php': { body: full } });
    await renderPage(<ProfileSettingsPage />, { path: '/profile?tab=photos', user: makeUser() });
    const section = await photosSection();
    expect(await section.findByText('Foto-limiet bereikt')).toBeInTheDocument();
    expect(section.queryByLabelText(/Kies een foto/)).not.toBeInTheDocument();
    expect(section.getByText('Foto wordt gecontroleerd')).toBeInTheDocument();
    expect(section.getByText("3 van 3 foto's")).toBeInTheDocument();
  });

  it("shows the server's photo_limit message when an upload is refused", async () => {
    mockFetch({
      ...common,
      'GET /api/photos.php': { body: { photos: [photo(1)], limit: 3 } },
      'POST /api/photos.php': apiError(403, 'photo_limit', 'Foto-limiet bereikt'),
    });
    await renderPage(<ProfileSettingsPage />, { path: '/profile?tab=photos', user: makeUser() });
    const section = await photosSection();
    const user = userEvent.setup();
    const file = new File(['jpeg bytes'], 'me.jpg', { type: 'image/jpeg' });
    // The picker speaks the page's language (not the browser's "Choose File / No file chosen").
    expect(await section.findByText('Foto kiezen')).toBeInTheDocument();
    expect(section.getByText('Nog geen foto gekozen')).toBeInTheDocument();
    await user.upload(await section.findByLabelText(/Kies een foto/), file);
    expect(section.getByText('me.jpg')).toBeInTheDocument();
    expect(section.getByText('Andere foto kiezen')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Foto uploaden' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Foto-limiet bereikt');
  });

  it('refuses a file that is not a photo before uploading it', async () => {
    const { calls } = mockFetch({ ...common, 'GET /api/photos.php': { body: { photos: [], limit: 3 } } });
    await renderPage(<ProfileSettingsPage />, { path: '/profile?tab=photos', user: makeUser() });
    const section = await photosSection();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      await section.findByLabelText(/Kies een foto/),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    );
    expect(section.getByText(/Dit bestandstype wordt niet ondersteund/)).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Foto uploaden' })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
