import { decideAccess, type AccessSession } from './access';
import { ROUTE_TABLE } from './route-table';

const visitor: AccessSession = { loggedIn: false, signupModalOpen: false };
const member: AccessSession = { loggedIn: true, signupModalOpen: false };
const open = { logged_out_search: 'other', logged_out_search_trafficsource: 'other' } as const;
const closed = { logged_out_search: 'none', logged_out_search_trafficsource: 'none' } as const;
const bySource = { logged_out_search: 'none', logged_out_search_trafficsource: 'other' } as const;
const at = (pathname: string, search = '') => ({ pathname, search });

describe('decideAccess (route access × session × settings → allow or redirect)', () => {
  test('members-only routes send visitors to /login with the way back, members pass', () => {
    expect(decideAccess('member', visitor, open, at('/chats/7', '?x=1'))).toEqual({
      allow: false,
      redirect: '/login?redirect=%2Fchats%2F7%3Fx%3D1',
    });
    expect(decideAccess('member', member, closed, at('/chats/7'))).toEqual({ allow: true });
    // The signup modal changes nothing here: only the home page waits for it.
    expect(decideAccess('member', { loggedIn: false, signupModalOpen: true }, open, at('/likes')).allow).toBe(
      false,
    );
  });

  test('the home page sends members to /members, except while the signup modal is open', () => {
    expect(decideAccess('home', member, open, at('/'))).toEqual({ allow: false, redirect: '/members' });
    expect(decideAccess('home', { loggedIn: true, signupModalOpen: true }, open, at('/'))).toEqual({
      allow: true,
    });
    expect(decideAccess('home', visitor, closed, at('/'))).toEqual({ allow: true });
  });

  test('member search for visitors follows logged_out_search, then logged_out_search_trafficsource', () => {
    expect(decideAccess('search', visitor, open, at('/members'))).toEqual({ allow: true });
    expect(decideAccess('search', visitor, closed, at('/members'))).toEqual({
      allow: false,
      redirect: '/login?redirect=%2Fmembers',
    });
    // A traffic source opens search only where the site allows that.
    expect(
      decideAccess('search', visitor, closed, at('/members', '?network=ads'), { network: 'ads' }).allow,
    ).toBe(false);
    expect(decideAccess('search', visitor, bySource, at('/members'), {}).allow).toBe(false);
    expect(
      decideAccess('search', visitor, bySource, at('/members', '?network=ads'), { network: 'ads' }),
    ).toEqual({ allow: true });
    expect(decideAccess('search', visitor, bySource, at('/members/4'), { ref: 'partner' })).toEqual({
      allow: true,
    });
    // Settings not known: visitors are not shown members (the server would answer 403 and end the session).
    expect(decideAccess('search', visitor, undefined, at('/members')).allow).toBe(false);
    expect(decideAccess('search', member, closed, at('/members'))).toEqual({ allow: true });
  });

  test('`any` routes are open to everyone', () => {
    for (const session of [visitor, member, { loggedIn: true, signupModalOpen: true }]) {
      expect(decideAccess('any', session, closed, at('/login'))).toEqual({ allow: true });
    }
  });

  test('the route table declares the rules docs/product/routes-and-layouts.md, docs/product/member-model.md ask for', () => {
    const access = (path: string) => ROUTE_TABLE.find((route) => route.path === path)?.access;
    expect(access('/')).toBe('home');
    expect([access('/members'), access('/members/:id')]).toEqual(['search', 'search']);
    for (const path of [
      '/chats',
      '/chats/:id',
      '/likes',
      '/likes/:type',
      '/likes/m/:id',
      '/credits',
      '/profile',
      '/notifications',
      '/lang-config',
      '/directdebit',
      '/transactions/:id?',
      '/credits/repeat-order',
      '/credits/:id/:paymentmethod?',
    ]) {
      expect([path, access(path)]).toEqual([path, 'member']);
    }
    // Visitors can write to a member first (signup step 0), buy premium and open the staff login (its own session).
    for (const path of ['/members/:id/chat', '/premium', '/pricing', '/login', '/staff/*', '*']) {
      expect([path, access(path)]).toEqual([path, 'any']);
    }
  });
});
