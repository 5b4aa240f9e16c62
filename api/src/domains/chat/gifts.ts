import type { Gift, Locale } from '@dating/shared/contract/index';
import type { RawDb } from '../../db/client';
import { TtlMap } from '../../lib/ttl-map';
import { GIFT_CATALOGUE, giftSvg } from './gift-catalogue';

export interface GiftRow {
  id: number;
  slug: string;
  names: Record<string, string>;
}

/** The URL of a gift's image (served by `GET /api/gift.php`). */
export const giftImageUrl = (id: number) => `/api/gift.php?id=${id}`;

export function toGift(row: GiftRow, locale: Locale, credits: number): Gift {
  return {
    id: row.id,
    name: row.names[locale] ?? row.names.nl ?? row.slug,
    image: giftImageUrl(row.id),
    credits,
  };
}

const CACHE_MS = 60_000;

/** The gift catalogue: seeded on start, read often, changed never at run time (so kept a minute per node). */
export function createGiftsService(raw: RawDb) {
  const cache = new TtlMap<'all', Promise<(GiftRow & { svg: string })[]>>(CACHE_MS, 1, 'gifts');
  const all = () =>
    cache.remember('all', () =>
      raw.query<GiftRow & { svg: string }>(
        'SELECT id, slug, names, svg FROM gifts WHERE active ORDER BY position, id',
        [],
        'gifts_all',
      ),
    );
  return {
    /** Upserts the catalogue of `gift-catalogue.ts` (every start; several nodes at once are fine). */
    async ensureCatalogue(): Promise<void> {
      const values = GIFT_CATALOGUE.map((g, i) => [g.slug, JSON.stringify(g.names), giftSvg(g), i]);
      await raw.query(
        `INSERT INTO gifts (slug, names, svg, position)
         SELECT * FROM unnest($1::text[], $2::jsonb[], $3::text[], $4::int[])
         ON CONFLICT (slug) DO UPDATE SET names = EXCLUDED.names, svg = EXCLUDED.svg, position = EXCLUDED.position`,
        [values.map((v) => v[0]), values.map((v) => v[1]), values.map((v) => v[2]), values.map((v) => v[3])],
      );
      cache.clear();
    },
    list: all,
    async byId(id: number): Promise<(GiftRow & { svg: string }) | undefined> {
      return (await all()).find((g) => g.id === id);
    },
  };
}
export type GiftsService = ReturnType<typeof createGiftsService>;
