import { matchSiteRoute } from './site-routes';

describe('matchSiteRoute: which page addresses exist (the server answers the rest with 404)', () => {
  test.each([
    ['/', '/'],
    ['/members', '/members'],
    ['/members/', '/members'],
    ['/members/12', '/members/:id'],
    ['/members/12/chat', '/members/:id/chat'],
    ['/members/12/landing2', '/members/:id/landing2/:slug?'],
    ['/members/12/landing2/she-nl', '/members/:id/landing2/:slug?'],
    ['/credits/repeat-order', '/credits/repeat-order'],
    ['/credits/3', '/credits/:id/:paymentmethod?'],
    ['/credits/3/ideal', '/credits/:id/:paymentmethod?'],
    ['/transactions', '/transactions/:id?'],
    ['/landers/video', '/landers/video/:slug?'],
    ['/general-nl', '/:token'],
    ['/she-eng', '/:token'],
    ['/pages/terms', '/pages/terms'],
    ['/staff', '/staff/*'],
    ['/staff/', '/staff/*'],
    ['/staff/queue/12', '/staff/*'],
  ])('%s is the page %s', (path, route) => {
    expect(matchSiteRoute(path)).toBe(route);
  });

  test.each([
    '/nonsense',
    '/staffing',
    '/Staff/login',
    '/does/not/exist',
    '/members/1/2/3',
    '/pages/unknown',
    '/landers/nope',
    '/Members',
  ])('%s is not a page', (path) => {
    expect(matchSiteRoute(path)).toBeNull();
  });
});
