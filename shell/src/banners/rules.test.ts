import { settingsFixture, userFixture, profileFixture } from '../test/fixtures';
import {
  formatCountdown,
  showActivationReminder,
  showDisabledNotificationsAlert,
  showEntryWarning,
  showProfilePhotoAlert,
  showPushAlert,
  timeBonusSecondsLeft,
} from './rules';

const entry = (overrides: Partial<Parameters<typeof showEntryWarning>[0]> = {}) =>
  showEntryWarning({
    user: null,
    standalone: false,
    settings: settingsFixture({ enable_site_entry_popup: 'yes', countries: ['NL', 'DE', 'BE'] }),
    country: 'BE',
    closedBefore: false,
    routeName: 'members',
    layout: 'default',
    ...overrides,
  });

describe('site-entry warning rules (docs/product/routes-and-layouts.md)', () => {
  test('shown to a visitor from an allowed country in the default layout', () => expect(entry()).toBe(true));
  test('never for members', () => expect(entry({ user: userFixture() })).toBe(false));
  test('skipped in standalone app mode', () => expect(entry({ standalone: true })).toBe(false));
  test('skipped when enable_site_entry_popup is no', () =>
    expect(entry({ settings: settingsFixture({ enable_site_entry_popup: 'no', countries: ['BE'] }) })).toBe(
      false,
    ));
  test('skipped once closed', () => expect(entry({ closedBefore: true })).toBe(false));
  test('skipped outside the allowed countries', () => expect(entry({ country: 'US' })).toBe(false));
  test.each(['complete-signup', 'reset-password', 'reset-password-do'])('hidden on %s', (routeName) =>
    expect(entry({ routeName })).toBe(false),
  );
  test('chat and lander layouts only for NL and DE', () => {
    expect(entry({ layout: 'lander', country: 'BE' })).toBe(false);
    expect(entry({ layout: 'lander', country: 'NL' })).toBe(true);
    expect(entry({ layout: 'chat', country: 'DE' })).toBe(true);
    expect(entry({ layout: 'empty', country: 'NL' })).toBe(false);
  });
});

describe('member banners (docs/product/routes-and-layouts.md)', () => {
  const noPhoto = userFixture({ profile: profileFixture({ main_image: null }) });
  test('profile-photo alert for a member without a main image, except on its hidden routes', () => {
    expect(showProfilePhotoAlert(noPhoto, 'members', false)).toBe(true);
    expect(showProfilePhotoAlert(userFixture(), 'members', false)).toBe(false);
    expect(showProfilePhotoAlert(noPhoto, 'members', true)).toBe(false);
    for (const route of ['profile', 'signup', 'activate-done', 'premium', 'notifications', 'directdebit']) {
      expect(showProfilePhotoAlert(noPhoto, route, false)).toBe(false);
    }
  });

  test('push alert when push is possible and not dismissed', () => {
    const base = { user: userFixture(), routeName: 'members', dismissed: false, publicKey: 'key' } as const;
    expect(showPushAlert({ ...base, push: 'not_subscribed' })).toBe(true);
    expect(showPushAlert({ ...base, push: 'subscribed' })).toBe(false);
    expect(showPushAlert({ ...base, push: 'denied' })).toBe(false);
    expect(showPushAlert({ ...base, push: 'unsupported' })).toBe(false);
    expect(showPushAlert({ ...base, push: 'unknown', dismissed: true })).toBe(false);
    expect(showPushAlert({ ...base, push: 'unknown', routeName: 'premium' })).toBe(false);
  });

  test('disabled-notifications alert', () => {
    const user = userFixture({ notifications_disabled: ['news'] });
    expect(showDisabledNotificationsAlert(user, 'members', false)).toBe(true);
    expect(showDisabledNotificationsAlert(user, 'notifications', false)).toBe(false);
    expect(showDisabledNotificationsAlert(userFixture(), 'members', false)).toBe(false);
  });

  test('activation reminder: not_confirmed, profile disabled, no disabled notifications', () => {
    const pending = userFixture({ status: 'not_confirmed', profile: profileFixture({ status: 'disabled' }) });
    expect(showActivationReminder(pending, 'members')).toBe(true);
    expect(showActivationReminder(pending, 'signup')).toBe(false);
    expect(showActivationReminder({ ...pending, notifications_disabled: ['news'] }, 'members')).toBe(false);
    expect(showActivationReminder(userFixture(), 'members')).toBe(false);
  });
});

describe('time bonus (docs/product/credits-and-payments.md)', () => {
  const signup = Date.parse('2026-01-01T10:00:00Z');
  const user = userFixture({ paid_user: false, signup_date: '2026-01-01T10:00:00Z' });
  test('exists for 14400 s after signup for a logged-in non-paid user', () => {
    expect(timeBonusSecondsLeft(user, signup)).toBe(14400);
    expect(timeBonusSecondsLeft(user, signup + 1000)).toBe(14399);
    expect(timeBonusSecondsLeft(user, signup + 14_399_000)).toBe(1);
    expect(timeBonusSecondsLeft(user, signup + 14_400_000)).toBeNull();
    expect(timeBonusSecondsLeft({ ...user, paid_user: true }, signup)).toBeNull();
    expect(timeBonusSecondsLeft(null, signup)).toBeNull();
  });
  test('counts down as h:mm:ss', () => {
    expect(formatCountdown(14400)).toBe('4:00:00');
    expect(formatCountdown(3599)).toBe('0:59:59');
    expect(formatCountdown(3661)).toBe('1:01:01');
  });
});
