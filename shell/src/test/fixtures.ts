import type { ChatEntry, LikedByEntry, Profile, Settings } from '@dating/shared';
import { profileFixture } from '@dating/shared/testing';

export { profileFixture, userFixture } from '@dating/shared/testing';

export function settingsFixture(overrides: Partial<Settings> = {}): Settings {
  return {
    countries: ['NL', 'BE', 'DE'],
    name: 'Flirtplaats',
    index_title: 'Flirtplaats',
    description: 'Dating',
    visible_profile_fields: [],
    visible_profile_notes: false,
    geoip_country: 'NL',
    geoip_selected_country: 'NL',
    cdn_prefix: '',
    message_credits: 5,
    photo_credits: 10,
    gift_credits: 10,
    signup_credits: 0,
    message_length: 1000,
    minimum_message_costs: {},
    support_email: 'support@example.com',
    support_phone: '+31 20 123 4567',
    enable_site_entry_popup: 'yes',
    push_public_key: 'BPublicKey',
    search_fields: [],
    domain: 'flirtplaats.test',
    domain_language: 'nl_NL',
    fictional_warning: '',
    fictional_singular: '',
    fictional_plural: '',
    refund_days: 14,
    signups: 'all',
    logged_out_search: 'other',
    logged_out_search_trafficsource: 'other',
    member_resell: false,
    niche: 1,
    company_id: 1,
    mail_name: 'Flirtplaats',
    min_age: 18,
    us_footer: true,
    default_locale: 'nl',
    ...overrides,
  };
}

export function chatsFixture(unreadPerChat: number[]): { chats: ChatEntry[] } {
  return {
    chats: unreadPerChat.map((unread, i) => ({
      conversation: { id: i + 1, updated_at: '2026-01-01T00:00:00Z' },
      profile: profileFixture({ id: 100 + i, name: `Member ${i}` }),
      num_unread_messages: unread,
      last_message: null,
    })),
  };
}

export function likesFixture(
  newLikes: number,
  oldLikes = 0,
): { profiles: Profile[]; liked_by: LikedByEntry[] } {
  const entry = (i: number, fresh: boolean): LikedByEntry => ({
    id: i,
    like_new: fresh,
    profile: profileFixture({ id: 200 + i }),
    liked_at: '2026-01-01T00:00:00Z',
  });
  return {
    profiles: [],
    liked_by: [
      ...Array.from({ length: newLikes }, (_, i) => entry(i, true)),
      ...Array.from({ length: oldLikes }, (_, i) => entry(1000 + i, false)),
    ],
  };
}
