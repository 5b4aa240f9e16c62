import path from 'node:path';
import { sql } from 'drizzle-orm';
import { City } from 'country-state-city';
import type { FastifyBaseLogger } from 'fastify';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  INTERESTS,
  RELATIONSHIP_STATUSES,
} from '@dating/shared/contract/index';
import { TIME_BONUS_CODE, TIME_BONUS_PERCENTAGE } from '@dating/shared/constants';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { first } from '../db/sql';
import {
  companies,
  conversations,
  creditPackages,
  discountCodes,
  interests,
  likes,
  messages,
  notificationPreferences,
  photos,
  profiles,
  regions,
  sites,
  users,
} from '../db/schema';
import type { Services } from '../domains/services';
import { regionsOf } from '../lib/geo';
import { hashPassword } from '../domains/accounts';
import { CURRENCIES } from '../domains/payments';
import {
  ABOUTS,
  COUNTRY_WEIGHTS,
  DEMO_MESSAGES,
  FEMALE_NAMES,
  MALE_NAMES,
  NAME_SUFFIXES,
  REASONS,
  SPEC_COUNTRIES,
} from './data';
import { generateProfileImage, pool } from './images';
import { createRandom } from './random';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'Demo-1234';

export interface SeedOptions {
  profiles: number;
  /** Generate image files (tests skip it; rows still point at the paths). */
  images: boolean;
  mediaDir: string;
}

/** Rough price levels per currency (minor units) for the 4 tiers. */
const PRICES: Record<(typeof CURRENCIES)[number], number[]> = {
  EUR: [1495, 2995, 4995, 9995],
  GBP: [1295, 2595, 4295, 8495],
  USD: [1595, 3295, 5495, 10995],
  PLN: [6495, 12995, 21495, 42995],
  DKK: [10995, 22495, 37495, 74995],
  SEK: [16995, 33995, 56995, 113995],
  NOK: [16995, 34995, 57995, 115995],
  CHF: [1395, 2895, 4795, 9595],
};
const TIER_CREDITS = [50, 120, 250, 600];

async function seedSites(db: Db) {
  const [company] = await db
    .insert(companies)
    .values({
      name: 'Demo Dating Media B.V.',
      address: 'Keizersgracht 1',
      kvk: '12345678',
      city: 'Amsterdam',
      country: 'NL',
      tradenames: ['Demo Dating', 'She Dates', 'Gay Dating Demo'],
      vatNumbers: ['NL001234567B01'],
      supportPhone: '+31 20 123 4567',
      deleteDiscount: 50,
      added: new Date('2024-03-01T09:00:00Z'),
    })
    .returning({ id: companies.id });
  const base = { companyId: company!.id, supportPhone: '+31 20 123 4567' };
  const minimumCosts = {
    NL: { costs: 45, currency: 'EUR' },
    BE: { costs: 45, currency: 'EUR' },
    DE: { costs: 49, currency: 'EUR' },
  };
  await db.insert(sites).values([
    {
      ...base,
      host: 'localhost',
      name: 'Demo Dating',
      niche: 1,
      domain: 'localhost',
      domainLanguage: 'nl-NL',
      indexTitle: 'Demo Dating - chat en date met leuke singles',
      description: 'Ontmoet leuke singles bij jou in de buurt en chat direct.',
      countries: ['NL', 'BE', 'DE'],
      currency: 'EUR',
      supportEmail: 'support@localhost',
      mailName: 'Demo Dating',
      isDefault: true,
      settings: {
        minimum_message_costs: minimumCosts,
        fictional_warning: 'Deze site bevat fictieve profielen.',
        theme_color: '#4a1a6b',
        // Its members may also be shown on the other brands, as far as they fit each brand's niche.
        member_resell: true,
      },
    },
    {
      ...base,
      host: 'she.localhost',
      name: 'She Dates',
      niche: 2,
      domain: 'she.localhost',
      domainLanguage: 'de-DE',
      indexTitle: 'She Dates - Frauen, die wissen was sie wollen',
      description: 'Triff selbstbewusste Frauen in deiner Nähe.',
      countries: ['DE', 'AT', 'CH'],
      currency: 'EUR',
      supportEmail: 'support@she.localhost',
      mailName: 'She Dates',
      settings: {
        logged_out_search: 'none',
        logged_out_search_trafficsource: 'other',
        signups: 'with_trafficsource',
        theme_color: '#8e1b5a',
      },
    },
    {
      ...base,
      host: 'gay.localhost',
      name: 'Gay Dating Demo',
      niche: 7,
      domain: 'gay.localhost',
      domainLanguage: 'en-GB',
      indexTitle: 'Gay Dating Demo - meet men near you',
      description: 'Chat with gay and bi men near you.',
      countries: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'],
      currency: 'GBP',
      supportEmail: 'support@gay.localhost',
      mailName: 'Gay Dating Demo',
      settings: {
        logged_out_search: 'none',
        logged_out_search_trafficsource: 'none',
        us_footer: true,
        theme_color: '#1a3a6b',
      },
    },
  ]);
}

async function seedReference(db: Db) {
  await db.insert(interests).values(INTERESTS.map((name) => ({ name })));
  const regionRows = SPEC_COUNTRIES.flatMap((country) =>
    regionsOf(country).map((r) => ({ country, code: r.code, name: r.name })),
  );
  for (let i = 0; i < regionRows.length; i += 500)
    await db.insert(regions).values(regionRows.slice(i, i + 500));
  await db.insert(creditPackages).values(
    CURRENCIES.flatMap((currency) =>
      TIER_CREDITS.map((credits, tier) => ({
        currency,
        credits,
        amount: PRICES[currency][tier]!,
        tier,
        popular: tier === 1,
      })),
    ),
  );
  await db
    .insert(discountCodes)
    .values({ code: TIME_BONUS_CODE, valuePercentage: TIME_BONUS_PERCENTAGE, validity: 'once_per_user' });
}

/** Who a site's fictional members are: the general site's mix, or a brand's niche (site-scope.ts). */
interface Cast {
  seed: number;
  /** Image file prefix, unique per site. */
  prefix: string;
  gender?: 'female' | 'male';
  /** Men seeking men (the gay niche): sexuality gay or bi. */
  menSeekingMen?: boolean;
  countries?: readonly string[];
}
const GENERAL_CAST: Cast = { seed: 20261122, prefix: 'p' };

async function seedProfiles(
  db: Db,
  opts: SeedOptions,
  siteId: number,
  cast = GENERAL_CAST,
): Promise<number[]> {
  if (opts.profiles <= 0) return [];
  const rnd = createRandom(cast.seed);
  const people = Array.from({ length: opts.profiles }, (_, i) => {
    const gender = cast.gender ?? (rnd.chance(0.62) ? ('female' as const) : ('male' as const));
    const country = cast.countries ? rnd.pick(cast.countries) : rnd.weighted(COUNTRY_WEIGHTS);
    const states = regionsOf(country);
    const state = states.length ? rnd.pick(states) : null;
    const cities = state
      ? City.getCitiesOfState(country, state.code).filter((c) => !c.name.startsWith('Gemeente '))
      : [];
    const first = rnd.pick(gender === 'female' ? FEMALE_NAMES : MALE_NAMES);
    const age = rnd.weighted([
      [rnd.int(18, 29), 3],
      [rnd.int(30, 45), 4],
      [rnd.int(46, 70), 2],
    ] as const);
    const year = new Date().getUTCFullYear() - age - 1;
    return {
      i,
      gender,
      name: `${first}${rnd.pick(NAME_SUFFIXES)}`,
      dob: `${year}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
      sexuality: cast.menSeekingMen
        ? rnd.weighted([
            ['gay', 75],
            ['bi', 25],
          ] as const)
        : rnd.weighted([
            ['hetero', 70],
            ['bi', 15],
            [gender === 'female' ? 'lesbian' : 'gay', 15],
          ] as const),
      country,
      region: state?.name ?? null,
      city: cities.length ? rnd.pick(cities).name : null,
      hair: rnd.pick(HAIR_COLORS),
      eyes: rnd.pick(EYE_COLORS),
      body: rnd.pick(BODY_TYPES),
      relationship: rnd.pick(RELATIONSHIP_STATUSES),
      tattoos: rnd.chance(0.35),
      interests: rnd.sample(INTERESTS, rnd.int(3, 8)),
      reason: rnd.pick(REASONS),
      about: rnd.pick(ABOUTS),
      extraPhotos: rnd.int(0, 5),
      palette: rnd.int(0, 7),
    };
  });
  const inserted = await db
    .insert(users)
    .values(
      people.map(() => ({
        siteId,
        status: 'confirmed' as const,
        fictional: true,
        language: 'nl',
        confirmedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const ids = inserted.map((r) => r.id);
  await db.insert(profiles).values(
    people.map((p, k) => ({
      userId: ids[k]!,
      name: p.name,
      gender: p.gender,
      sexuality: p.sexuality,
      dateOfBirth: p.dob,
      country: p.country,
      region: p.region,
      city: p.city,
      reason: p.reason,
      about: p.about,
      hairColor: p.hair,
      eyeColor: p.eyes,
      bodyType: p.body,
      relationshipStatus: p.relationship,
      tattoos: p.tattoos,
      interests: p.interests,
    })),
  );
  // One generated portrait per profile plus a few extra photos that reuse other palettes.
  const files = await pool(people, 8, async (p, k) => {
    const initials = p.name.slice(0, 2).toUpperCase();
    const img = { initials, palette: p.palette, female: p.gender === 'female' };
    if (!opts.images)
      return { filename: `seed/${cast.prefix}${k}.jpg`, thumb: `seed/${cast.prefix}${k}_t.jpg` };
    return generateProfileImage(opts.mediaDir, `${cast.prefix}${k}`, img);
  });
  const photoRows = people.flatMap((p, k) => [
    {
      userId: ids[k]!,
      filename: files[k]!.filename,
      thumbFilename: files[k]!.thumb,
      status: 'active' as const,
      position: 0,
      width: 480,
      height: 600,
    },
    ...Array.from({ length: p.extraPhotos }, (_, j) => {
      const other = files[(k + j + 1) % files.length]!;
      return {
        userId: ids[k]!,
        filename: other.filename,
        thumbFilename: other.thumb,
        status: 'active' as const,
        position: j + 1,
        width: 480,
        height: 600,
      };
    }),
  ]);
  for (let i = 0; i < photoRows.length; i += 500) await db.insert(photos).values(photoRows.slice(i, i + 500));
  await db.execute(
    sql`UPDATE profiles p SET main_photo_id = ph.id FROM photos ph WHERE ph.user_id = p.user_id AND ph.position = 0`,
  );
  return ids;
}

async function seedDemoMember(db: Db, services: Services, siteId: number, fictional: number[]) {
  const [demo] = await db
    .insert(users)
    .values({
      siteId,
      email: DEMO_EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      status: 'confirmed',
      language: 'nl',
      confirmedAt: new Date(),
      trackingNetwork: 'demo',
    })
    .returning({ id: users.id });
  const me = demo!.id;
  await db.insert(profiles).values({
    userId: me,
    name: 'DemoDave',
    gender: 'male',
    sexuality: 'hetero',
    dateOfBirth: '1988-06-15',
    country: 'NL',
    region: 'North Holland',
    city: 'Amsterdam',
    hairColor: 'brown',
    eyeColor: 'blue',
    bodyType: 'normal',
    relationshipStatus: 'single',
    tattoos: false,
    interests: ['travelling', 'music', 'cooking', 'beach'],
    reason: 'Looking for a nice chat',
    about: 'Demo account of the embedded mode.',
  });
  await db.insert(notificationPreferences).values({ userId: me });
  await services.credits.credit({ userId: me, amount: 25, kind: 'bonus', ref: 'demo' });
  await services.shop.createWelcomeCode(me, siteId, 48);
  if (fictional.length < 8) return;
  // Chats: three conversations, the newest with unread messages.
  const t0 = Date.now() - 3 * 3_600_000;
  for (let c = 0; c < 3; c++) {
    const other = fictional[c]!;
    const [a, b] = me < other ? [me, other] : [other, me];
    const [conv] = await db
      .insert(conversations)
      .values({
        userA: a,
        userB: b,
        startedBy: other,
        createdAt: new Date(t0),
        updatedAt: new Date(t0 + (c + 1) * 600_000),
      })
      .returning({ id: conversations.id });
    // The newest conversation ends with two unread messages from the other side.
    const texts = DEMO_MESSAGES.slice(0, c === 2 ? 3 : 2 + c);
    await db.insert(messages).values(
      texts.map((body, k) => ({
        conversationId: conv!.id,
        senderId: k % 2 === 0 ? other : me,
        body,
        createdAt: new Date(t0 + (c + 1) * 600_000 - (texts.length - k) * 60_000),
        readAt: c === 2 && k % 2 === 0 ? null : new Date(t0),
      })),
    );
  }
  await db
    .insert(likes)
    .values([
      ...fictional.slice(3, 6).map((id) => ({ userId: me, likedId: id, likeNew: false })),
      ...fictional.slice(4, 8).map((id, k) => ({ userId: id, likedId: me, likeNew: k < 2 })),
    ]);
}

export async function seedDemo(services: Services, db: Db, opts: SeedOptions): Promise<void> {
  await seedSites(db);
  await services.sites.reload();
  const site = await services.sites.resolve('localhost');
  await seedReference(db);
  const fictional = await seedProfiles(db, opts, site.id);
  await seedDemoMember(db, services, site.id, fictional);
  // Members belong to a site (site-scope.ts): each brand gets its own, a fifth as many as the general site.
  const brandProfiles = { ...opts, profiles: Math.ceil(opts.profiles / 5) };
  const she = await services.sites.resolve('she.localhost');
  await seedProfiles(db, brandProfiles, she.id, {
    seed: 20261123,
    prefix: 'she',
    gender: 'female',
    countries: ['DE', 'AT', 'CH'],
  });
  const gay = await services.sites.resolve('gay.localhost');
  await seedProfiles(db, brandProfiles, gay.id, {
    seed: 20261124,
    prefix: 'gay',
    gender: 'male',
    menSeekingMen: true,
    countries: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'],
  });
}

/** Seeds once: only when there is no site yet (a fresh database). */
export async function seedIfEmpty(
  services: Services,
  db: Db,
  config: AppConfig,
  log: FastifyBaseLogger,
): Promise<boolean> {
  if (!config.seedDemo) return false;
  const row = await first<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM sites`);
  if (Number(row?.n ?? 0) > 0) return false;
  const started = Date.now();
  await seedDemo(services, db, { ...config.seedDemo, mediaDir: path.join(config.dataDir, 'media') });
  // Planner statistics for the tables just filled: without them PostgreSQL plans every query as if they were
  // empty until autovacuum analyses them, and autovacuum may be off (it is on this project's CI machine).
  await db.execute(sql`ANALYZE`);
  log.info({ ms: Date.now() - started, profiles: config.seedDemo.profiles }, 'demo data seeded');
  return true;
}
