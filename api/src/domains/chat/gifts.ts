import type { Gift, Locale } from '@dating/shared/contract/index';
import type { RawDb } from '../../db/client';
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

type GiftWithSvg = GiftRow & { svg: string };

/**
 * The gift catalogue: upserted from `gift-catalogue.ts` on every start and never changed while the server runs, so
 * it is read once, right after the upsert, and kept. (It used to be a 60 s cache; the bench measured no difference
 * on a send with it off, ADR 0014, so the cache and its clearing went.)
 */
export function createGiftsService(raw: RawDb) {
  let catalogue: Promise<GiftWithSvg[]> | null = null;
  const read = () =>
    raw.query<GiftWithSvg>(
      'SELECT id, slug, names, svg FROM gifts WHERE active ORDER BY position, id',
      [],
      'gifts_all',
    );
  const all = () => {
    catalogue ??= read();
    catalogue.catch(() => (catalogue = null));
    return catalogue;
  };
  return {
    /** Upserts the catalogue of `gift-catalogue.ts` (every start; several nodes at once are fine), then reads it. */
    async ensureCatalogue(): Promise<void> {
      const values = GIFT_CATALOGUE.map((g, i) => [g.slug, JSON.stringify(g.names), giftSvg(g), i]);
      await raw.query(
        `INSERT INTO gifts (slug, names, svg, position)
         SELECT * FROM unnest($1::text[], $2::jsonb[], $3::text[], $4::int[])
         ON CONFLICT (slug) DO UPDATE SET names = EXCLUDED.names, svg = EXCLUDED.svg, position = EXCLUDED.position`,
        [values.map((v) => v[0]), values.map((v) => v[1]), values.map((v) => v[2]), values.map((v) => v[3])],
      );
      catalogue = read();
      await catalogue;
    },
    list: all,
    async byId(id: number): Promise<GiftWithSvg | undefined> {
      return (await all()).find((g) => g.id === id);
    },
  };
}
export type GiftsService = ReturnType<typeof createGiftsService>;
