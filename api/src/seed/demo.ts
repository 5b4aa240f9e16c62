import type { ObjectStorage } from '../lib/storage';
import { sql } from 'drizzle-orm';
import { City, State, type ICity } from 'country-state-city';
import type { FastifyBaseLogger } from 'fastify';
import { BODY_TYPES, EYE_COLORS, INTERESTS, RELATIONSHIP_STATUSES } from '@dating/shared/contract/index';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { first } from '../db/sql';
import {
  companies,
  conversations,
  creditPackages,
  interests,
  likes,
  messages,
  notificationPreferences,
  photos,
  profiles,
  regions,
  sites,
  users,
} from '../app/schema';
import type { Services } from '../app/services';
import { regionsOf } from '../lib/geo';
import { hashPassword } from '../domains/accounts';
import { CURRENCIES } from '../domains/payments';
import { COUNTRY_WEIGHTS, DEMO_MESSAGES, SPEC_COUNTRIES } from './data';
import { aboutText, COUNTRY_LANGUAGE, NAME_SUFFIXES, PEOPLE, type PeopleOfLanguage } from './people';
import { PORTRAIT_SIZE, preparePortraits } from './portraits';
import { defaultTexts, demoSiteTexts } from './site-texts';
import { createRandom } from './random';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'Demo-1234';
/** An operator of the embedded demo (reads `/api/experiments.php`); never seeded with SEED_DEMO=0. */
export const DEMO_OPERATOR_EMAIL = 'operator@example.com';
export const DEMO_OPERATOR_PASSWORD = 'Operator-1234';

export interface SeedOptions {
  profiles: number;
  /** Generate image files (tests skip it; rows still point at the paths). */
  images: boolean;
  /** The demo member (demo@example.com with its published password). */
  account?: boolean;
  /** Where the portraits go (`media/seed/`). */
  storage: ObjectStorage;
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
      ...defaultTexts('Demo Dating', 'general', 'nl'),
      countries: ['NL', 'BE', 'DE'],
      currency: 'EUR',
      supportEmail: 'support@localhost',
      mailName: 'Demo Dating',
      isDefault: true,
      settings: {
        minimum_message_costs: minimumCosts,
        fictional_warning: demoSiteTexts('Demo Dating', 'general').nl.fictional_warning,
        fictional_singular: demoSiteTexts('Demo Dating', 'general').nl.fictional_singular,
        fictional_plural: demoSiteTexts('Demo Dating', 'general').nl.fictional_plural,
        texts: demoSiteTexts('Demo Dating', 'general'),
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
      ...defaultTexts('She Dates', 'she', 'de'),
      countries: ['DE', 'AT', 'CH'],
      currency: 'EUR',
      supportEmail: 'support@she.localhost',
      mailName: 'She Dates',
      settings: {
        logged_out_search: 'none',
        logged_out_search_trafficsource: 'other',
        signups: 'with_trafficsource',
        fictional_warning: demoSiteTexts('She Dates', 'she').de.fictional_warning,
        fictional_singular: demoSiteTexts('She Dates', 'she').de.fictional_singular,
        fictional_plural: demoSiteTexts('She Dates', 'she').de.fictional_plural,
        texts: demoSiteTexts('She Dates', 'she'),
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
      ...defaultTexts('Gay Dating Demo', 'gay', 'en'),
      countries: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'],
      currency: 'GBP',
      supportEmail: 'support@gay.localhost',
      mailName: 'Gay Dating Demo',
      settings: {
        logged_out_search: 'none',
        logged_out_search_trafficsource: 'none',
        us_footer: true,
        // A men-for-men site configured unlike the general one (docs/adr/0029-phone-first-banners-and-settings.md): no gender to search by, the
        // profile rows it cares about in its own order, and a note where a member left one empty.
        search_fields: ['country', 'countryregion', 'min_age', 'max_age'],
        visible_profile_fields: [
          'age',
          'city',
          'region',
          'relationship_status',
          'body_type',
          'hair_color',
          'eye_color',
          'tattoos',
          'reason',
          'interests',
        ],
        visible_profile_notes: true,
        fictional_warning: demoSiteTexts('Gay Dating Demo', 'gay').en.fictional_warning,
        texts: demoSiteTexts('Gay Dating Demo', 'gay'),
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
  // TIMEBONUS25 is inserted by migration 0030 (every database has it, seeded or not).
}

/** Regions the demo members of the larger countries live in (the data set also lists provinces and territories). */
const SEED_REGIONS: Record<string, readonly string[]> = {
  FR: ['ARA', 'BFC', 'BRE', 'CVL', 'GES', 'HDF', 'NOR', 'NAQ', 'OCC', 'PDL', 'PAC'],
  IT: ['65', '75', '72', '45', '36', '62', '42', '25', '57', '21', '88', '82', '52', '55', '34'],
  ES: ['AN', 'AR', 'PM', 'PV', 'CN', 'CL', 'CM', 'CT', 'NC', 'VC', 'MD', 'MC'],
};

/** Region centres the data set has wrong or missing (West Flanders lies in Colorado there, Limburg nowhere). */
const CENTRE_FIXES: Record<string, readonly [number, number]> = {
  'BE:VWV': [51.05, 3.1],
  'BE:VLI': [50.98, 5.45],
};

/** A country's towns, all and by region code: one pass over the data set per country (it has ~150k towns). */
const countryTowns = new Map<string, { all: ICity[]; byRegion: Map<string, ICity[]> }>();
function townsOfCountry(country: string) {
  let found = countryTowns.get(country);
  if (!found) {
    const all = City.getCitiesOfCountry(country) ?? [];
    const byRegion = new Map<string, ICity[]>();
    for (const c of all) {
      const list = byRegion.get(c.stateCode);
      if (list) list.push(c);
      else byRegion.set(c.stateCode, [c]);
    }
    found = { all: all.filter((c) => !NOT_A_TOWN.test(c.name)), byRegion };
    countryTowns.set(country, found);
  }
  return found;
}

const NOT_A_TOWN = /^(Gemeente|Province de|Provincie|Arrondissement|County|Comté) /;

/**
 * The towns of a region. Where the data set files a country's towns under larger groupings (Belgium's Flanders and
 * Wallonia, Ireland's provinces, Britain's nations) its regions have none: then the country's towns nearest to the
 * region's centre (within about 50 km; none when the data set puts the centre elsewhere).
 */
function townsOf(country: string, code: string): ICity[] & { nearby?: boolean } {
  const towns = townsOfCountry(country);
  const own = (towns.byRegion.get(code) ?? []).filter((c) => !c.name.startsWith('Gemeente '));
  if (own.length) return own;
  const state = State.getStateByCodeAndCountry(code, country);
  const [lat, lon] = CENTRE_FIXES[`${country}:${code}`] ?? [
    Number(state?.latitude),
    Number(state?.longitude),
  ];
  if (!state || !Number.isFinite(lat) || !Number.isFinite(lon) || (lat === 0 && lon === 0)) return [];
  const shrink = Math.cos((lat * Math.PI) / 180);
  const near = towns.all
    .map((c) => ({ c, d: Math.hypot(Number(c.latitude) - lat, (Number(c.longitude) - lon) * shrink) }))
    .filter((x) => x.d < 0.45)
    .sort((a, b) => a.d - b.d)
    .slice(0, 12)
    .map((x) => x.c);
  return Object.assign(near, { nearby: true });
}

/**
 * A profile text of two of the language's sentences: the picked one and a second chosen by the member's number
 * (not by the generator, so every other seeded value stays the same); 12 sentences make 132 different texts.
 */
function twoSentences(
  abouts: PeopleOfLanguage['abouts'],
  picked: PeopleOfLanguage['abouts'][number],
  i: number,
  gender: 'female' | 'male',
): string {
  const at = abouts.indexOf(picked);
  // A multiplicative hash of the number: consecutive members do not walk the list in step with the generator.
  const step = (Math.imul(i + 1, 2654435761) >>> 0) % (abouts.length - 1);
  const second = abouts[(at + 1 + step) % abouts.length]!;
  return `${aboutText(picked, gender)} ${aboutText(second, gender)}`;
}

const seedRegionsCache = new Map<
  string,
  { region: ReturnType<typeof regionsOf>[number]; towns: ReturnType<typeof townsOf> }[]
>();

/** The regions members are seeded in, each with its towns; regions without a town (atolls, Svalbard) are left out. */
function seedRegions(country: string) {
  let found = seedRegionsCache.get(country);
  if (!found) {
    const only = SEED_REGIONS[country];
    found = regionsOf(country)
      .filter((r) => !only || only.includes(r.code))
      .map((region) => ({ region, towns: townsOf(country, region.code) }))
      .filter((r) => r.towns.length > 0);
    seedRegionsCache.set(country, found);
  }
  return found;
}

/** Who a site's fictional members are: the general site's mix, or a brand's niche (site-scope.ts). */
interface Cast {
  seed: number;
  gender?: 'female' | 'male';
  /** Men seeking men (the gay niche): sexuality gay or bi. */
  menSeekingMen?: boolean;
  countries?: readonly string[];
}
const GENERAL_CAST: Cast = { seed: 20261122 };

async function seedProfiles(
  db: Db,
  opts: SeedOptions,
  siteId: number,
  cast = GENERAL_CAST,
): Promise<number[]> {
  if (opts.profiles <= 0) return [];
  const rnd = createRandom(cast.seed);
  const portraits = await preparePortraits(opts.storage, { files: opts.images });
  const dealt = new Map<string, number>();
  const people = Array.from({ length: opts.profiles }, (_, i) => {
    const gender = cast.gender ?? (rnd.chance(0.62) ? ('female' as const) : ('male' as const));
    const country = cast.countries ? rnd.pick(cast.countries) : rnd.weighted(COUNTRY_WEIGHTS);
    const language = COUNTRY_LANGUAGE[country] ?? 'en';
    const texts = PEOPLE[language];
    const states = seedRegions(country);
    const picked = states.length ? rnd.pick(states) : null;
    const state = picked?.region ?? null;
    const cities: ReturnType<typeof townsOf> = picked?.towns ?? [];
    const first = rnd.pick(gender === 'female' ? texts.female : texts.male);
    const age = rnd.weighted([
      [rnd.int(18, 29), 3],
      [rnd.int(30, 45), 4],
      [rnd.int(46, 70), 2],
    ] as const);
    const year = new Date().getUTCFullYear() - age - 1;
    // A portrait of the member's gender and generation; the hair colour on the profile is the one in the picture.
    const fitting = portraits.filter(
      (p) => p.gender === gender && p.age === (age >= 50 ? 'mature' : 'young'),
    );
    // Dealt in turn within each pool (not drawn at random): members listed next to each other (newest first) get
    // different drawings, so any page of 30 shows at least 25 distinct portraits. The draw is still made, so every
    // other seeded value stays the same.
    rnd.int(0, fitting.length - 1);
    const pool = `${gender}:${age >= 50 ? 'mature' : 'young'}`;
    const turn = dealt.get(pool) ?? 0;
    dealt.set(pool, turn + 1);
    const portrait = fitting[turn % fitting.length]!;
    return {
      i,
      gender,
      language,
      portrait,
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
      // Towns near a region's centre are picked without the generator, so every other seeded value stays the same.
      city: cities.length ? (cities.nearby ? cities[i % cities.length]!.name : rnd.pick(cities).name) : null,
      hair: portrait.hair,
      eyes: rnd.pick(EYE_COLORS),
      body: rnd.pick(BODY_TYPES),
      relationship: rnd.pick(RELATIONSHIP_STATUSES),
      tattoos: rnd.chance(0.35),
      interests: rnd.sample(INTERESTS, rnd.int(3, 8)),
      reason: rnd.pick(texts.reasons),
      about: twoSentences(texts.abouts, rnd.pick(texts.abouts), i, gender),
    };
  });
  const inserted = await db
    .insert(users)
    .values(
      people.map((p) => ({
        siteId,
        status: 'confirmed' as const,
        fictional: true,
        language: p.language,
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
  // One portrait per profile (a few dozen drawings shared between 300 members, each rendered once and cached).
  const photoRows = people.map((p, k) => ({
    userId: ids[k]!,
    filename: p.portrait.filename,
    thumbFilename: p.portrait.thumb,
    variants: p.portrait.variants,
    status: 'active' as const,
    position: 0,
    width: PORTRAIT_SIZE.width,
    height: PORTRAIT_SIZE.height,
  }));
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
    region: 'Noord-Holland',
    city: 'Amsterdam',
    hairColor: 'brown',
    eyeColor: 'blue',
    bodyType: 'normal',
    relationshipStatus: 'single',
    tattoos: false,
    interests: ['travelling', 'music', 'cooking', 'beach'],
    reason: 'Een leuke chat',
    about: 'Demo-account van de ingebouwde modus.',
  });
  await db.insert(notificationPreferences).values({ userId: me });
  const [operator] = await db
    .insert(users)
    .values({
      siteId,
      email: DEMO_OPERATOR_EMAIL,
      passwordHash: await hashPassword(DEMO_OPERATOR_PASSWORD),
      status: 'confirmed',
      role: 'operator',
      invisible: true,
      language: 'nl',
      confirmedAt: new Date(),
    })
    .returning({ id: users.id });
  await db.insert(profiles).values({
    userId: operator!.id,
    name: 'Operator',
    gender: 'female',
    sexuality: 'hetero',
    dateOfBirth: '1985-01-01',
    country: 'NL',
  });
  await db.insert(notificationPreferences).values({ userId: operator!.id });
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
  // The demo member's password is published (README): never in production.
  if (opts.account) await seedDemoMember(db, services, site.id, fictional);
  // Members belong to a site (site-scope.ts): each brand gets its own, a fifth as many as the general site.
  const brandProfiles = { ...opts, profiles: Math.ceil(opts.profiles / 5) };
  const she = await services.sites.resolve('she.localhost');
  await seedProfiles(db, brandProfiles, she.id, {
    seed: 20261123,
    gender: 'female',
    countries: ['DE', 'AT', 'CH'],
  });
  const gay = await services.sites.resolve('gay.localhost');
  await seedProfiles(db, brandProfiles, gay.id, {
    seed: 20261124,
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
  await seedDemo(services, db, { ...config.seedDemo, storage: services.storage });
  // Planner statistics for the tables just filled: without them PostgreSQL plans every query as if they were
  // empty until autovacuum analyses them, and autovacuum may be off (it is on this project's CI machine).
  await db.execute(sql`ANALYZE`);
  log.info({ ms: Date.now() - started, profiles: config.seedDemo.profiles }, 'demo data seeded');
  return true;
}
