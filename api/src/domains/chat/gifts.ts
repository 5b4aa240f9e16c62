import type { Gift, Locale } from '@dating/shared/contract/index';
import type { RawDb } from '../../db/client';
import { defineQuery, many, pg, run } from '../../db/typed';
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

// Typed SQL (docs/adr/0040-typed-sql-not-the-query-builder.md).
const allQuery = defineQuery({
  name: 'gifts_all',
  text: 'SELECT id, slug, names, svg FROM gifts WHERE active ORDER BY position, id',
  params: [],
  columns: { id: pg.int, slug: pg.text, names: pg.jsonb.of<Record<string, string>>(), svg: pg.text },
});
const upsertQuery = defineQuery({
  name: 'gifts_upsert',
  text: `INSERT INTO gifts (slug, names, svg, position)
    SELECT * FROM unnest($1::text[], $2::jsonb[], $3::text[], $4::int[])
    ON CONFLICT (slug) DO UPDATE SET names = EXCLUDED.names, svg = EXCLUDED.svg, position = EXCLUDED.position`,
  params: [pg.textArray, pg.jsonbArray, pg.textArray, pg.intArray],
  columns: {},
});

/**
 * The gift catalogue: upserted from `gift-catalogue.ts` on every start and never changed while the server runs, so
 * it is read once, right after the upsert, and kept. (It used to be a 60 s cache; the bench measured no difference
 * on a send with it off, ADR 0014, so the cache and its clearing went.)
 */
export function createGiftsService(raw: RawDb) {
  let catalogue: Promise<GiftWithSvg[]> | null = null;
  const read = (): Promise<GiftWithSvg[]> => many(raw, allQuery);
  const all = () => {
    catalogue ??= read();
    catalogue.catch(() => (catalogue = null));
    return catalogue;
  };
  return {
    /** Upserts the catalogue of `gift-catalogue.ts` (every start; several nodes at once are fine), then reads it. */
    async ensureCatalogue(): Promise<void> {
      await run(
        raw,
        upsertQuery,
        GIFT_CATALOGUE.map((g) => g.slug),
        GIFT_CATALOGUE.map((g) => JSON.stringify(g.names)),
        GIFT_CATALOGUE.map((g) => giftSvg(g)),
        GIFT_CATALOGUE.map((_, i) => i),
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
