import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffPendingPhoto } from '@dating/shared/contract/staff';
import StaffApp from '../../../staff-app';
import { http, HttpResponse, server } from '../../../lib/msw';
import { API, meFixture, meHandler, renderStaff } from '../../../lib/test-utils';

// Many typed steps and lazily loaded pages: generous on a loaded machine (nothing here measures time).
jest.setTimeout(30_000);

function photo(id: number, name: string): StaffPendingPhoto {
  return {
    id,
    member: { id: id * 10, name, email: `${name.toLowerCase()}@example.com`, locale: 'nl' },
    site: { id: 1, name: 'Datingsite', host: 'datingsite.nl' },
    url: `/media/${id}.jpg`,
    thumb_url: `/media/${id}-t.jpg`,
    uploaded_at: '2026-11-23T09:00:00Z',
  };
}

test('approve takes a photo off the list; reject needs a reason, which is sent', async () => {
  let pending = [photo(1, 'Piet'), photo(2, 'Klaas')];
  const calls: { id: number; action: string; body: unknown }[] = [];
  server.use(
    meHandler(meFixture()),
    http.get(`${API}/dashboard`, () =>
      HttpResponse.json({
        sites: [],
        experiments: { app: 'mf-landers', stable: null, canary: null, versions: [] },
      }),
    ),
    http.get(`${API}/photos`, () => HttpResponse.json({ photos: pending })),
    http.post(`${API}/photos/:id/:action`, async ({ params, request }) => {
      const id = Number(params.id);
      calls.push({ id, action: String(params.action), body: await request.text() });
      pending = pending.filter((item) => item.id !== id);
      return HttpResponse.json({ ok: true });
    }),
  );
  const user = userEvent.setup();
  await renderStaff(<StaffApp basePath="/staff" />, { route: '/staff/photos', path: '/staff/*' });
  expect(await screen.findByRole('heading', { level: 1, name: "Te keuren foto's" })).toHaveFocus();
  expect(await screen.findAllByTestId('pending-photo')).toHaveLength(2);

  await user.click(screen.getByRole('button', { name: 'De foto van Piet goedkeuren' }));
  // Klaas was on the list already: wait for Piet to leave it (it may be gone by now), not for Klaas.
  await waitFor(() => expect(screen.getAllByTestId('pending-photo')).toHaveLength(1));
  expect(screen.queryByText('Piet')).not.toBeInTheDocument();
  expect(screen.getByText('Klaas')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'De foto van Klaas afkeuren' }));
  const card = screen.getByTestId('pending-photo');
  const confirm = within(card).getByRole('button', { name: 'Foto afkeuren' });
  expect(confirm).toBeDisabled();
  await user.type(within(card).getByLabelText('Reden (het lid krijgt die per mail)'), 'Geen gezicht te zien');
  await user.click(confirm);
  expect(await screen.findByText("Er wachten geen foto's.")).toBeInTheDocument();
  expect(calls).toEqual([
    { id: 1, action: 'approve', body: '' },
    { id: 2, action: 'reject', body: JSON.stringify({ reason: 'Geen gezicht te zien' }) },
  ]);
});
