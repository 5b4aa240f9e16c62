import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { coreApi, makeStore, type Settings } from '@dating/shared';
import type { PreviewProfile } from '../hooks/use-lander-profiles';
import { ProfilePhoto } from './profile-photo';

const CDN = 'https://cdn.example.net/she';
const profile = {
  id: 7,
  name: 'Sanne',
  main_image: {
    id: 1,
    filename: '/media/photos/a.jpg',
    thumb_filename: '/media/photos/a-t.jpg',
    match: '/media/photos/a-m.jpg',
    status: 'active',
    sources: {
      webp: '/media/photos/a_160.webp 160w, /media/photos/a_320.webp 320w',
      avif: '/media/photos/a_160.avif 160w',
    },
  },
} as unknown as PreviewProfile;

async function draw(cdn: string) {
  const store = makeStore();
  await store.dispatch(
    coreApi.util.upsertQueryData('getSettings', undefined, { cdn_prefix: cdn } as Settings),
  );
  return render(
    <Provider store={store}>
      <ProfilePhoto profile={profile} priority />
    </Provider>,
  ).container;
}

test("a lander's photos and their copies come through the site's cdn_prefix", async () => {
  const page = await draw(`${CDN}/`);
  const img = page.querySelector('img')!;
  expect(img).toHaveAttribute('src', `${CDN}/media/photos/a-t.jpg`);
  expect(img).toHaveAttribute(
    'srcset',
    `${CDN}/media/photos/a_160.webp 160w, ${CDN}/media/photos/a_320.webp 320w`,
  );
  expect(img).toHaveAttribute('fetchpriority', 'high');
  expect(page.querySelector('source')).toHaveAttribute('srcset', `${CDN}/media/photos/a_160.avif 160w`);
});

test('without a cdn_prefix the photos come from the site itself', async () => {
  const img = (await draw('')).querySelector('img')!;
  expect(img).toHaveAttribute('src', '/media/photos/a-t.jpg');
  expect(img.getAttribute('srcset')).toMatch(/^\/media\/photos\/a_160\.webp 160w/);
});
