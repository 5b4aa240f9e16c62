import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage } from '@dating/shared';
import type { StaffConversation, StaffReplyRequest } from '@dating/shared/contract/staff';
import StaffApp from '../../../staff-app';
import { http, HttpResponse, server } from '../../../lib/msw';
import { API, meFixture, meHandler, renderStaff } from '../../../lib/test-utils';

// Many typed steps and lazily loaded pages: generous on a loaded machine (nothing here measures time).
jest.setTimeout(30_000);

function message(
  id: number,
  fromMe: boolean,
  text: string | null,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id,
    conversation: 9,
    client_id: null,
    from_me: fromMe,
    type: 'text',
    text,
    gift: null,
    photo: null,
    sent_at: '2026-11-23T10:00:00Z',
    read_at: null,
    ...extra,
  };
}

function conversation(messages: ChatMessage[], mine = true): StaffConversation {
  return {
    conversation: 9,
    site: { id: 1, name: 'Datingsite', host: 'datingsite.nl' },
    member: {
      id: 5,
      name: 'Piet',
      thumb_url: null,
      age: 41,
      gender: 'male',
      country: 'NL',
      city: 'Utrecht',
      about: 'Fietsen',
      locale: 'nl',
      signup_date: '2026-11-01T00:00:00Z',
      paid_user: true,
    },
    fictional: {
      id: 77,
      name: 'Sanne',
      thumb_url: null,
      about: 'Houdt van zee',
      album: [{ id: 301, url: '/a/301.jpg', thumb_url: '/a/301-t.jpg' }],
    },
    messages,
    gifts: [{ id: 2, name: 'Roos', image: '/gifts/rose.png', credits: 20 }],
    claim: { staff: { id: 1, name: 'Anna' }, expires_at: '2026-11-23T10:05:00Z', mine },
  };
}

describe('answering as a fictional profile', () => {
  test('shows the member and the history; a text, then an album photo, go out with their own idempotency keys', async () => {
    const messages = [message(1, false, 'Hoi Sanne!')];
    const replies: StaffReplyRequest[] = [];
    server.use(
      meHandler(meFixture()),
      http.get(`${API}/conversations/9`, () => HttpResponse.json(conversation(messages))),
      http.post(`${API}/conversations/9/reply`, async ({ request }) => {
        const body = (await request.json()) as StaffReplyRequest;
        replies.push(body);
        const sent = message(
          messages.length + 1,
          true,
          body.text ?? null,
          body.album_photo_id
            ? {
                type: 'photo',
                photo: {
                  id: 1,
                  url: '/api/staff/conversations/9/photo?photo=1',
                  thumb_url: '/api/staff/conversations/9/photo?photo=1&size=thumb',
                  width: 240,
                  height: 240,
                },
              }
            : {},
        );
        messages.push(sent);
        return HttpResponse.json({ message: sent, claim: conversation(messages).claim }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderStaff(<StaffApp basePath="/staff" />, { route: '/staff/queue/9', path: '/staff/*' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sanne met Piet' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const member = screen.getByRole('complementary', { name: 'Lid' });
    expect(member).toHaveTextContent('Utrecht, NL');
    expect(member).toHaveTextContent('Fietsen');
    expect(within(screen.getByTestId('staff-history')).getByText('Hoi Sanne!')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Bericht'), 'Hoi Piet, leuk dat je schrijft!');
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(
      await within(screen.getByTestId('staff-history')).findByText('Hoi Piet, leuk dat je schrijft!'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Bericht')).toHaveValue('');

    await user.click(screen.getByLabelText('Foto uit het album'));
    await user.click(screen.getByRole('radio', { name: 'Albumfoto 1' }));
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    // The photo shows in the history (the staff photo address of the contract).
    expect(
      await within(screen.getByTestId('staff-history')).findByRole('img', { name: 'Een foto' }),
    ).toHaveAttribute('src', '/api/staff/conversations/9/photo?photo=1&size=thumb');

    expect(replies).toEqual([
      { client_id: expect.any(String), type: 'text', text: 'Hoi Piet, leuk dat je schrijft!' },
      { client_id: expect.any(String), type: 'photo', album_photo_id: 301 },
    ]);
    expect(replies[0]!.client_id).not.toBe(replies[1]!.client_id);
  });

  test('a conversation another operator holds cannot be answered', async () => {
    server.use(
      meHandler(meFixture()),
      http.get(`${API}/conversations/9`, () =>
        HttpResponse.json({
          ...conversation([message(1, false, 'Hoi')], false),
          claim: { staff: { id: 2, name: 'Bert' }, expires_at: '2026-11-23T10:05:00Z', mine: false },
        }),
      ),
    );
    await renderStaff(<StaffApp basePath="/staff" />, { route: '/staff/queue/9', path: '/staff/*' });
    expect(
      await screen.findByText('Bert beantwoordt dit gesprek.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Versturen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nemen' })).not.toBeInTheDocument();
  });
});
