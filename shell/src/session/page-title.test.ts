import { pageTitleKey } from './page-title';

describe('pageTitleKey', () => {
  it("gives each section of /profile its own title, from the address's tab", () => {
    expect(pageTitleKey('profile', '')).toBe('nav.myProfile');
    expect(pageTitleKey('profile', '?tab=photos')).toBe('pageTitle.profilePhotos');
    expect(pageTitleKey('profile', '?tab=notifications')).toBe('pageTitle.profileNotifications');
    expect(pageTitleKey('profile', '?tab=account')).toBe('nav.settings');
    expect(pageTitleKey('profile', '?tab=settings')).toBe('nav.settings');
    expect(pageTitleKey('profile', '?tab=unknown')).toBe('nav.myProfile');
  });

  it('reads the tab only on /profile', () => {
    expect(pageTitleKey('members', '?tab=photos')).toBe('nav.search');
    expect(pageTitleKey('signup', '')).toBeUndefined();
  });
});
