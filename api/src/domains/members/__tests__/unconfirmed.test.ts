import { sql } from 'drizzle-orm';
import { first } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../testing/helpers';
import { lastMail, signup, tokenFrom } from '../../../testing/accounts';

let t: TestContext;
let viewer: string;
beforeAll(async () => {
  t = await createTestApp({ profiles: 4 });
  viewer = await t.login();
});
afterAll(() => t.close());

const member = (id: number, cookie?: string) =>
  t.call({ method: 'GET', url: `/api/member.php?id=${id}`, cookie });

describe('GET /api/member.php and unconfirmed members', () => {
  test('a member who has not confirmed the address is 404 like an unknown id, but sees the own profile', async () => {
    const fresh = await signup(t);
    const id = fresh.user.profile.id as number;
    expect(fresh.user).toMatchObject({ status: 'not_confirmed', profile: { status: 'disabled' } });

    const unknown = await member(2_000_000_000, viewer);
    const hidden = await member(id, viewer);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(unknown.json());
    expect((await member(id)).statusCode).toBe(404);

    const own = await member(id, fresh.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().profile).toMatchObject({ id, status: 'disabled' });
  });

  test('the activation link enables the profile, and then others see it', async () => {
    const fresh = await signup(t);
    const id = fresh.user.profile.id as number;
    const token = tokenFrom(await lastMail(t, fresh.email, 'activation'), '/activate/done');
    expect((await t.call({ method: 'POST', url: '/api/activate.php', payload: { token } })).statusCode).toBe(
      200,
    );
    const row = await first<{ status: string }>(
      t.app.db,
      sql`SELECT status FROM profiles WHERE user_id = ${id}`,
    );
    expect(row!.status).toBe('active');
    const seen = await member(id, viewer);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().profile).toMatchObject({ id, status: 'active' });
  });

  test('an unconfirmed member whose profile is active (data from before) is still hidden', async () => {
    const fresh = await signup(t);
    const id = fresh.user.profile.id as number;
    await t.app.db.execute(sql`UPDATE profiles SET status = 'active' WHERE user_id = ${id}`);
    expect((await member(id, viewer)).statusCode).toBe(404);
  });
});
