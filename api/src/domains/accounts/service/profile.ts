import { sql, type SQL } from 'drizzle-orm';
import type { ProfileUpdateRequest } from '@dating/shared/contract/index';
import { ABOUT_MAX_LENGTH } from '@dating/shared/contract/account';
import { first } from '../../../db/sql';
import { badInput } from '../../../lib/errors';
import { regionsOf, townOf } from '../../../lib/geo';
import type { Site } from '../../sites';
import { accountById, type AccountsContext } from './context';
import { checkBirthDate, checkName, sexualityFor } from './validation';

const TEXT_MAX = 100;

const text = (v: string | null | undefined, field: string, max = TEXT_MAX): string | null => {
  if (v === null || v === undefined) return null;
  const t = v.trim();
  if (t.length > max) throw badInput(field);
  return t || null;
};

/**
 * Profile changes (signup steps 2–4, /profile, invisible mode). Option lists are checked by the route schema
 * (docs/product/member-model.md lists from shared/src/contract/profile.ts); the rules that need more than a schema are here.
 */
export function profileModule(ctx: AccountsContext) {
  const { db } = ctx;
  return {
    async update(site: Site, userId: number, input: ProfileUpdateRequest): Promise<void> {
      const account = await accountById(db, userId);
      if (!account) throw badInput('user');
      const now = await first<{ gender: 'male' | 'female'; country: string }>(
        db,
        sql`SELECT gender, country FROM profiles WHERE user_id = ${userId}`,
      );
      if (!now) throw badInput('user');
      const set: SQL[] = [];
      const col = (name: string, value: unknown) => set.push(sql`${sql.identifier(name)} = ${value}`);

      if (input.name !== undefined) col('name', checkName(input.name, account.email));
      if (input.date_of_birth !== undefined) {
        col('date_of_birth', checkBirthDate(input.date_of_birth, site.baseSettings.min_age));
      }
      const gender = input.gender ?? now.gender;
      if (input.gender !== undefined) col('gender', input.gender);
      if (input.sexuality !== undefined) col('sexuality', input.sexuality);
      else if (input.seeking !== undefined) col('sexuality', sexualityFor(gender, input.seeking));

      let country = now.country;
      if (input.country !== undefined) {
        country = input.country.toUpperCase();
        if (!site.countries.includes(country)) throw badInput('country');
        col('country', country);
      }
      if (input.region !== undefined) {
        if (input.region === null || input.region === '') col('region', null);
        else {
          // Stored by name (as search compares names); the client sends the code of /api/regions.php.
          const wanted = input.region.trim().toLowerCase();
          const region = regionsOf(country).find(
            (r) => r.code.toLowerCase() === wanted || r.name.toLowerCase() === wanted,
          );
          if (!region) throw badInput('region');
          col('region', region.name);
        }
      } else if (input.country !== undefined && input.country.toUpperCase() !== now.country) {
        col('region', null);
      }
      if (input.city !== undefined) {
        // A town of the profile's country's place list (the one search, landers and distances know), as it writes it.
        const typed = text(input.city, 'city');
        const town = typed === null ? null : townOf(country, typed);
        if (typed !== null && !town) throw badInput('city', 'town_unknown');
        col('city', town);
      }
      if (input.reason !== undefined) col('reason', text(input.reason, 'reason', 200));
      if (input.about !== undefined) col('about', text(input.about, 'about', ABOUT_MAX_LENGTH));
      if (input.hair_color !== undefined) col('hair_color', input.hair_color);
      if (input.eye_color !== undefined) col('eye_color', input.eye_color);
      if (input.body_type !== undefined) col('body_type', input.body_type);
      if (input.relationship_status !== undefined) col('relationship_status', input.relationship_status);
      if (input.tattoos !== undefined) col('tattoos', input.tattoos);
      if (input.interests !== undefined)
        set.push(sql`interests = ${JSON.stringify([...new Set(input.interests)])}::jsonb`);

      if (set.length) {
        set.push(sql`updated_at = now()`);
        await db.execute(sql`UPDATE profiles SET ${sql.join(set, sql`, `)} WHERE user_id = ${userId}`);
      }
      if (input.invisible !== undefined) {
        await db.execute(sql`UPDATE users SET invisible = ${input.invisible} WHERE id = ${userId}`);
      }
    },
  };
}
