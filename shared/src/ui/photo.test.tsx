import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { ProfileImage, Settings } from '../contract';
import { coreApi } from '../api/core-endpoints';
import { createI18n } from '../i18n/i18n';
import { makeStore } from '../store/make-store';
import { profileFixture, userFixture } from '../testing/fixtures';
import nl from '../locales/photos/nl.json';
import { Avatar, ProfilePhoto } from './photo';
import { normalizeCdnPrefix, photoView, publicSrcSet } from './photo-rule';

const CDN = 'https://cdn.example.net/she';

const approved: ProfileImage = {
  id: 7,
  filename: '/media/photos/a.jpg',
  thumb_filename: '/media/photos/a-t.jpg',
  match: '/media/photos/a-t.jpg',
  status: 'active',
};
// A photo not yet approved is stored privately and served only to its owner by /api/photo.php.
const pending: ProfileImage = {
  id: 8,
  filename: '/api/photo.php?id=8',
  thumb_filename: '/api/photo.php?id=8&size=thumb',
  match: '/api/photo.php?id=8&size=thumb',
  status: 'inspection',
};
// The server removes a rejected photo; should one ever reach a client, the rule still shows nobody it.
const rejected = { ...pending, id: 9, status: 'rejected' } as unknown as ProfileImage;

describe('the photo rule (one for every app)', () => {
  test.each([
    ['approved', approved, true, { kind: 'photo', src: '/media/photos/a-t.jpg' }],
    ['approved', approved, false, { kind: 'photo', src: '/media/photos/a-t.jpg' }],
    ['pending', pending, true, { kind: 'pending', src: '/api/photo.php?id=8&size=thumb' }],
    ['pending', pending, false, { kind: 'placeholder' }],
    ['rejected', rejected, true, { kind: 'placeholder' }],
    ['rejected', rejected, false, { kind: 'placeholder' }],
    ['none', null, true, { kind: 'placeholder' }],
    ['none', null, false, { kind: 'placeholder' }],
  ] as const)('%s photo, owner %s', (_state, image, owner, expected) => {
    expect(photoView(image, { owner })).toEqual(expected);
  });

  test('approved photos go through the cdn_prefix; a private photo never does, not even a chat photo marked active', () => {
    expect(photoView(approved, { owner: false, size: 'full', cdnPrefix: `${CDN}/` })).toEqual({
      kind: 'photo',
      src: `${CDN}/media/photos/a.jpg`,
    });
    expect(photoView(pending, { owner: true, cdnPrefix: CDN })).toEqual({
      kind: 'pending',
      src: '/api/photo.php?id=8&size=thumb',
    });
    const chatPhoto = {
      filename: '/api/chat-photo.php?id=3',
      thumb_filename: '/api/chat-photo.php?id=3&size=thumb',
      status: 'active',
    };
    expect(photoView(chatPhoto, { owner: false, cdnPrefix: CDN })).toEqual({
      kind: 'photo',
      src: '/api/chat-photo.php?id=3&size=thumb',
    });
  });

  test('every public copy of a srcset goes through the cdn_prefix, widths kept', () => {
    const srcSet = '/media/photos/a_160.webp 160w, /media/photos/a_320.webp 320w';
    expect(publicSrcSet(srcSet, `${CDN}/`)).toBe(
      `${CDN}/media/photos/a_160.webp 160w, ${CDN}/media/photos/a_320.webp 320w`,
    );
    expect(publicSrcSet(srcSet, '')).toBe(srcSet);
    expect(publicSrcSet('/api/photo.php?id=1 160w', CDN)).toBe('/api/photo.php?id=1 160w');
  });

  test('a cdn_prefix that is not an absolute http(s) URL is ignored, as the server ignores it', () => {
    expect(normalizeCdnPrefix('javascript:alert(1)')).toBe('');
    expect(normalizeCdnPrefix('cdn.example.net')).toBe('');
    expect(normalizeCdnPrefix(' https://cdn.example.net/she// ')).toBe(CDN);
    expect(photoView(approved, { owner: false, cdnPrefix: '//evil.example' })).toEqual({
      kind: 'photo',
      src: '/media/photos/a-t.jpg',
    });
  });
});

async function renderWithSite(
  ui: React.ReactElement,
  { cdn = '', me = 1 }: { cdn?: string; me?: number | null } = {},
) {
  const store = makeStore();
  await store.dispatch(
    coreApi.util.upsertQueryData('getSettings', undefined, { cdn_prefix: cdn } as Settings),
  );
  await store.dispatch(
    coreApi.util.upsertQueryData('getUser', undefined, {
      user: me === null ? false : userFixture({ profile: profileFixture({ id: me }) }),
    }),
  );
  const i18n = await createI18n({
    locale: 'nl',
    namespaces: ['photos'],
    initialResources: { nl: { photos: nl } },
  });
  return render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </Provider>,
  );
}

describe('ProfilePhoto', () => {
  test("another member's approved photo, through the site's CDN", async () => {
    await renderWithSite(
      <ProfilePhoto profile={{ id: 2, name: 'Sanne', main_image: approved }} size="full" />,
      { cdn: CDN },
    );
    expect(screen.getByRole('img', { name: 'Foto van Sanne' })).toHaveAttribute(
      'src',
      `${CDN}/media/photos/a.jpg`,
    );
  });

  test('my own photo under inspection: shown with the marker, never through the CDN', async () => {
    await renderWithSite(<ProfilePhoto profile={{ id: 1, name: 'Sanne', main_image: pending }} />, {
      cdn: CDN,
    });
    expect(screen.getByRole('img', { name: 'Foto van Sanne' })).toHaveAttribute(
      'src',
      '/api/photo.php?id=8&size=thumb',
    );
    expect(screen.getByText('Foto wordt gecontroleerd')).toBeVisible();
  });

  test.each([
    ['pending, of another member', pending, 2],
    ['pending, seen by a visitor', pending, null],
    ['rejected, even my own', rejected, 1],
    ['none', null, 1],
  ] as const)('%s: the placeholder with the initial, no image, no marker', async (_case, image, me) => {
    await renderWithSite(<ProfilePhoto profile={{ id: 1, name: 'sanne', main_image: image }} />, {
      cdn: CDN,
      me,
    });
    expect(screen.getByRole('img', { name: 'Geen foto van sanne' })).toHaveTextContent('S');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByText('Foto wordt gecontroleerd')).not.toBeInTheDocument();
  });

  test('owner given by the caller (a photo list of my own account)', async () => {
    await renderWithSite(
      <ProfilePhoto profile={{ name: 'Sanne', main_image: null }} image={pending} owner />,
      { me: null },
    );
    expect(screen.getByText('Foto wordt gecontroleerd')).toBeVisible();
  });
});

describe('Avatar', () => {
  test('approved: the thumbnail through the CDN, decorative beside the name', async () => {
    const { container } = await renderWithSite(
      <Avatar profile={{ id: 2, name: 'Sanne', main_image: approved }} size={40} />,
      { cdn: CDN },
    );
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', `${CDN}/media/photos/a-t.jpg`);
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('width', '40');
  });

  test('my own pending photo: shown, not through the CDN, with the marker named', async () => {
    const { container } = await renderWithSite(
      <Avatar profile={{ id: 1, name: 'Sanne', main_image: pending }} />,
      { cdn: CDN },
    );
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/photo.php?id=8&size=thumb');
    expect(screen.getByTitle('Foto wordt gecontroleerd')).toBeInTheDocument();
  });

  test.each([
    ['pending, of another member', pending, 2],
    ['rejected', rejected, 1],
    ['none', null, 1],
  ] as const)('%s: the initial, no image', async (_case, image, me) => {
    const { container } = await renderWithSite(
      <Avatar profile={{ id: 1, name: 'sanne', main_image: image }} size={30} />,
      { me },
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg')).toHaveAttribute('width', '30');
    expect(screen.getByText('S')).toBeInTheDocument();
  });
});
