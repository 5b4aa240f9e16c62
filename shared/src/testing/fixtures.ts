// Complete contract objects for tests: every field of Profile and User, with overrides for what a test is about.
import type { Profile, User } from '../contract';

export function profileFixture(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 1,
    name: 'Demo',
    age: 30,
    gender: 'male',
    sexuality: 'hetero',
    date_of_birth: '1995-01-01',
    country: 'NL',
    region: null,
    city: null,
    reason: null,
    hair_color: null,
    eye_color: null,
    body_type: null,
    relationship_status: null,
    tattoos: null,
    interests: [],
    main_image: {
      id: 1,
      filename: '/media/1.jpg',
      thumb_filename: '/media/1-t.jpg',
      match: '/media/1-m.jpg',
      status: 'active',
    },
    status: 'active',
    fictional: false,
    ...overrides,
  };
}

export function userFixture(overrides: Partial<User> = {}): User {
  return {
    profile: profileFixture(),
    email: 'demo@example.com',
    credits: 50,
    paid_user: true,
    language: 'en',
    fictional_icon: false,
    status: 'confirmed',
    notifications_disabled: [],
    signup_date: '2020-01-01T00:00:00Z',
    invisible: false,
    push_subscribed: false,
    ...overrides,
  };
}
