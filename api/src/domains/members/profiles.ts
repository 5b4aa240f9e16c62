import type { Profile, ProfileImage, User, NotificationType, Locale } from '@dating/shared/contract/index';
import { NOTIFICATION_TYPES } from '@dating/shared/contract/index';
import { variantSources, type PhotoVariants } from '../../lib/image-variants';
import { pg } from '../../db/typed';

/** Columns every profile query selects (raw SQL, snake_case), see PROFILE_COLUMNS. */
export interface ProfileSqlRow {
  id: number;
  name: string;
  gender: Profile['gender'];
  sexuality: Profile['sexuality'];
  date_of_birth: string | Date;
  country: string;
  region: string | null;
  city: string | null;
  reason: string | null;
  about: string | null;
  hair_color: string | null;
  eye_color: string | null;
  body_type: string | null;
  relationship_status: string | null;
  tattoos: boolean | null;
  interests: string[] | string;
  status: Profile['status'];
  fictional: boolean;
  photo_id: number | null;
  photo_filename: string | null;
  photo_thumb: string | null;
  photo_status: 'active' | 'inspection' | null;
  photo_variants?: PhotoVariants | null;
}

/** SELECT list for `profiles p JOIN users u ON u.id = p.user_id LEFT JOIN photos ph ON ph.id = p.main_photo_id`. */
export const PROFILE_COLUMNS = `p.user_id AS id, p.name, p.gender, p.sexuality, p.date_of_birth::text AS date_of_birth, p.country, p.region, p.city,
  p.reason, p.about, p.hair_color, p.eye_color, p.body_type, p.relationship_status, p.tattoos, p.interests, p.status,
  u.fictional, ph.id AS photo_id, ph.filename AS photo_filename, ph.thumb_filename AS photo_thumb,
  ph.status AS photo_status, ph.variants AS photo_variants`;
export const PROFILE_FROM = `profiles p JOIN users u ON u.id = p.user_id LEFT JOIN photos ph ON ph.id = p.main_photo_id`;

/** PROFILE_COLUMNS' types, in order, for typed queries (db/typed.ts, ADR 0040): a row of them is a ProfileSqlRow. */
export const PROFILE_ROW = {
  id: pg.int,
  name: pg.text,
  gender: pg.text.of<Profile['gender']>(),
  sexuality: pg.text.of<Profile['sexuality']>(),
  date_of_birth: pg.text,
  country: pg.text,
  region: pg.text.nullable(),
  city: pg.text.nullable(),
  reason: pg.text.nullable(),
  about: pg.text.nullable(),
  hair_color: pg.text.nullable(),
  eye_color: pg.text.nullable(),
  body_type: pg.text.nullable(),
  relationship_status: pg.text.nullable(),
  tattoos: pg.bool.nullable(),
  interests: pg.jsonb.of<string[]>(),
  status: pg.text.of<Profile['status']>(),
  fictional: pg.bool,
  photo_id: pg.int.nullable(),
  photo_filename: pg.text.nullable(),
  photo_thumb: pg.text.nullable(),
  photo_status: pg.text.of<'active' | 'inspection'>().nullable(),
  photo_variants: pg.jsonb.of<PhotoVariants>().nullable(),
};

export const mediaUrl = (file: string) => `/media/${file}`;

/**
 * The URL of a member photo: an approved one at its public, immutable `/media/` address; one not yet approved
 * (stored under `private/`) only through `/api/photo.php`, which answers its owner alone (ADR 0024).
 */
export function photoUrl(photoId: number, file: string, thumb = false): string {
  return file.startsWith('private/')
    ? `/api/photo.php?id=${photoId}${thumb ? '&size=thumb' : ''}`
    : mediaUrl(file);
}

export function toImage(p: {
  id: number;
  filename: string;
  thumb_filename: string;
  status: string;
  variants?: PhotoVariants | null;
}): ProfileImage {
  // Smaller copies only of an approved public photo (lib/image-variants.ts).
  const sources = p.status === 'active' ? variantSources(p.filename, p.variants) : undefined;
  return {
    id: p.id,
    filename: photoUrl(p.id, p.filename),
    thumb_filename: photoUrl(p.id, p.thumb_filename, true),
    match: photoUrl(p.id, p.thumb_filename, true),
    status: p.status === 'active' ? 'active' : 'inspection',
    ...(sources ? { sources } : {}),
  };
}

export function ageOn(dateOfBirth: string, now = new Date()): number {
  const [y = 0, m = 1, d = 1] = dateOfBirth.split('-').map(Number);
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

function isoDate(v: string | Date): string {
  return typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);
}

/**
 * Row → contract Profile. `owner`: the member's own profile, with the birth date and a main photo still under
 * inspection (the page says 'photo is being checked'). Everyone else sees the age, and only an approved main photo
 *: every list and profile answer is built here, so none can show an unchecked photo.
 */
export function toProfile(r: ProfileSqlRow, owner = false): Profile {
  const showBirthDate = owner;
  const photoVisible = owner || r.photo_status === 'active';
  const dob = isoDate(r.date_of_birth);
  const interests = typeof r.interests === 'string' ? (JSON.parse(r.interests) as string[]) : r.interests;
  return {
    id: r.id,
    name: r.name,
    age: ageOn(dob),
    gender: r.gender,
    sexuality: r.sexuality,
    date_of_birth: showBirthDate ? dob : null,
    country: r.country,
    region: r.region,
    city: r.city,
    reason: r.reason,
    about: r.about,
    hair_color: r.hair_color as Profile['hair_color'],
    eye_color: r.eye_color as Profile['eye_color'],
    body_type: r.body_type as Profile['body_type'],
    relationship_status: r.relationship_status as Profile['relationship_status'],
    tattoos: r.tattoos,
    interests: interests as Profile['interests'],
    main_image:
      photoVisible && r.photo_id && r.photo_filename && r.photo_thumb
        ? toImage({
            id: r.photo_id,
            filename: r.photo_filename,
            thumb_filename: r.photo_thumb,
            status: r.photo_status ?? 'inspection',
            variants: r.photo_variants ?? null,
          })
        : null,
    status: r.status,
    fictional: r.fictional,
  };
}

export interface UserSqlRow extends ProfileSqlRow {
  email: string;
  credits: number;
  paid_user: boolean;
  language: string;
  user_status: 'not_confirmed' | 'confirmed' | 'deleted';
  signup_date: string | Date;
  invisible: boolean;
  disabled_reason: 'fbl' | 'bounce' | 'list_unsubscribe' | null;
  prefs: Record<string, boolean> | null;
  push_count: number | string;
}

export const USER_COLUMNS = `${PROFILE_COLUMNS}, u.email, u.credits, u.paid_user, u.language, u.status AS user_status,
  u.signup_date, u.invisible, np.disabled_reason,
  to_jsonb(np) AS prefs,
  (SELECT count(*) FROM push_subscriptions ps WHERE ps.user_id = u.id) AS push_count`;
export const USER_FROM = `${PROFILE_FROM} LEFT JOIN notification_preferences np ON np.user_id = u.id`;

/** USER_COLUMNS' types, in order, for typed queries: a row of them is a UserSqlRow. */
export const USER_ROW = {
  ...PROFILE_ROW,
  email: pg.text,
  credits: pg.int,
  paid_user: pg.bool,
  language: pg.text,
  user_status: pg.text.of<UserSqlRow['user_status']>(),
  signup_date: pg.timestamptz,
  invisible: pg.bool,
  disabled_reason: pg.text.of<NonNullable<UserSqlRow['disabled_reason']>>().nullable(),
  prefs: pg.jsonb.of<Record<string, boolean>>().nullable(),
  push_count: pg.bigint,
};

export function toUser(r: UserSqlRow): User {
  // Types switched off by the system (complaint, bounce, unsubscribe), not by the member's own choice.
  const disabled: NotificationType[] =
    r.disabled_reason && r.prefs ? NOTIFICATION_TYPES.filter((t) => r.prefs![t] === false) : [];
  return {
    profile: toProfile(r, true),
    email: r.email,
    credits: r.credits,
    paid_user: r.paid_user,
    language: r.language as Locale,
    fictional_icon: r.fictional,
    status: r.user_status === 'confirmed' ? 'confirmed' : 'not_confirmed',
    notifications_disabled: disabled,
    notifications_disabled_reason: r.disabled_reason,
    signup_date: (typeof r.signup_date === 'string' ? new Date(r.signup_date) : r.signup_date).toISOString(),
    invisible: r.invisible,
    push_subscribed: Number(r.push_count) > 0,
  };
}
