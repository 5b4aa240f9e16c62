import { createTestApp, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

test('the demo member logs in and sees members, chats and likes', async () => {
  expect((await t.call({ method: 'GET', url: '/api/settings.php' })).statusCode).toBe(200);
  const cookie = await t.login();
  const user = (await t.call({ method: 'GET', url: '/api/user.php', cookie })).json();
  expect(user.user.email).toBe('demo@example.com');
  const members = await t.call({ method: 'GET', url: '/api/members.php?numResults=2', cookie });
  expect(members.json().profiles).toHaveLength(2);
  expect((await t.call({ method: 'GET', url: '/api/chats.php', cookie })).json().chats).toHaveLength(3);
  expect((await t.call({ method: 'GET', url: '/api/likes.php', cookie })).json().liked_by).toHaveLength(4);
});
