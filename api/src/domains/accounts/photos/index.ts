import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT } from '@dating/shared/constants';
import type { OwnPhoto, PhotosResponse } from '@dating/shared/contract/index';
import type { Db, Tx } from '../../../db/client';
import { first, rows } from '../../../db/sql';
import { ApiError, notFound } from '../../../lib/errors';
import { toImage } from '../../members';
import { processPhoto } from './process';

export { processPhoto, PHOTO_MAX_PIXELS } from './process';

/** Default delay before a photo under inspection is approved automatically in the embedded mode; 0 = never. */
export const DEFAULT_AUTO_APPROVE_SECONDS = 30;

export function autoApproveSecondsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PHOTO_AUTO_APPROVE_SECONDS;
  if (raw === undefined || raw === '') return DEFAULT_AUTO_APPROVE_SECONDS;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_AUTO_APPROVE_SECONDS;
}

interface PhotoRow {
  id: number;
  user_id: number;
  filename: string;
  thumb_filename: string;
  status: 'active' | 'inspection' | 'rejected';
  created_at: Date | string;
  main: boolean;
}

export interface InspectionPhoto {
  id: number;
  user_id: number;
  name: string;
  email: string | null;
  filename: string;
  created_at: string;
}

const iso = (v: Date | string) => new Date(v).toISOString();
export const photoLimit = (paid: boolean) => (paid ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT);

/**
 * Member photos: files under `$DATA_DIR/media/photos/` with random names (served at /media/photos/…), rows in
 * `photos`, the main one in `profiles.main_photo_id`. New photos wait in 'inspection' for a moderator (the
 * `moderate` command) or for the auto-approval delay.
 */
export function createPhotosService(db: Db, opts: { mediaDir: string; autoApproveSeconds: number }) {
  const photoDir = path.join(opts.mediaDir, 'photos');

  async function removeFiles(files: string[]) {
    await Promise.all(
      files.map((f) => {
        const abs = path.resolve(opts.mediaDir, f);
        // Only ever inside the media folder, whatever a row says.
        if (!abs.startsWith(path.resolve(opts.mediaDir) + path.sep)) return undefined;
        return unlink(abs).catch(() => undefined);
      }),
    );
  }

  /** After the main photo went away: the next photo (by position) becomes main, or none. */
  async function repairMain(tx: Db | Tx, userId: number) {
    await tx.execute(
      sql`UPDATE profiles SET main_photo_id = (
            SELECT id FROM photos WHERE user_id = ${userId} AND status <> 'rejected' ORDER BY position, id LIMIT 1),
            updated_at = now()
          WHERE user_id = ${userId}
            AND (main_photo_id IS NULL OR NOT EXISTS (SELECT 1 FROM photos WHERE id = profiles.main_photo_id AND status <> 'rejected'))`,
    );
  }

  async function approveDue(now = new Date()): Promise<number> {
    if (!opts.autoApproveSeconds) return 0;
    const before = new Date(now.getTime() - opts.autoApproveSeconds * 1000);
    const done = await rows<{ id: number }>(
      db,
      sql`UPDATE photos SET status = 'active', reviewed_at = ${now.toISOString()}::timestamptz, reviewed_by = 'auto'
          WHERE status = 'inspection' AND created_at <= ${before.toISOString()}::timestamptz RETURNING id`,
    );
    return done.length;
  }

  async function list(userId: number, paid: boolean): Promise<PhotosResponse> {
    await approveDue();
    const found = await rows<PhotoRow>(
      db,
      sql`SELECT ph.id, ph.user_id, ph.filename, ph.thumb_filename, ph.status, ph.created_at,
            (p.main_photo_id = ph.id) AS main
          FROM photos ph JOIN profiles p ON p.user_id = ph.user_id
          WHERE ph.user_id = ${userId} AND ph.status <> 'rejected' ORDER BY ph.position, ph.id`,
    );
    const photos: OwnPhoto[] = found.map((r) => ({
      ...toImage(r),
      main: Boolean(r.main),
      uploaded_at: iso(r.created_at),
    }));
    return { photos, limit: photoLimit(paid) };
  }

  return {
    list,
    approveDue,
    autoApproveSeconds: opts.autoApproveSeconds,

    /** Checks, re-encodes and stores one upload; the first photo becomes the main image. */
    async upload(userId: number, paid: boolean, input: Buffer): Promise<PhotosResponse> {
      const limit = photoLimit(paid);
      const count = async () =>
        Number(
          (
            await first<{ n: number | string }>(
              db,
              sql`SELECT count(*) AS n FROM photos WHERE user_id = ${userId} AND status <> 'rejected'`,
            )
          )?.n ?? 0,
        );
      // Checked before the expensive decode, and again under the row lock below.
      if ((await count()) >= limit) throw new ApiError(403, 'photo_limit', { limit });
      const processed = await processPhoto(input);
      await mkdir(photoDir, { recursive: true });
      const name = randomBytes(16).toString('hex');
      const filename = `photos/${name}.jpg`;
      const thumbFilename = `photos/${name}_t.jpg`;
      await writeFile(path.join(opts.mediaDir, filename), processed.full, { flag: 'wx', mode: 0o644 });
      await writeFile(path.join(opts.mediaDir, thumbFilename), processed.thumb, { flag: 'wx', mode: 0o644 });
      try {
        await db.transaction(async (tx) => {
          // Serialises concurrent uploads of one member so the limit holds.
          await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
          const n = Number(
            (
              await first<{ n: number | string }>(
                tx,
                sql`SELECT count(*) AS n FROM photos WHERE user_id = ${userId} AND status <> 'rejected'`,
              )
            )?.n ?? 0,
          );
          if (n >= limit) throw new ApiError(403, 'photo_limit', { limit });
          const row = await first<{ id: number }>(
            tx,
            sql`INSERT INTO photos (user_id, filename, thumb_filename, status, position, width, height)
                VALUES (${userId}, ${filename}, ${thumbFilename}, 'inspection',
                        (SELECT coalesce(max(position) + 1, 0) FROM photos WHERE user_id = ${userId}),
                        ${processed.width}, ${processed.height})
                RETURNING id`,
          );
          await tx.execute(
            sql`UPDATE profiles SET main_photo_id = ${row!.id}, updated_at = now()
                WHERE user_id = ${userId} AND main_photo_id IS NULL`,
          );
        });
      } catch (err) {
        await removeFiles([filename, thumbFilename]);
        throw err;
      }
      return list(userId, paid);
    },

    async setMain(userId: number, paid: boolean, photoId: number): Promise<PhotosResponse> {
      const row = await first<{ id: number }>(
        db,
        sql`UPDATE profiles SET main_photo_id = ${photoId}, updated_at = now()
            WHERE user_id = ${userId}
              AND EXISTS (SELECT 1 FROM photos WHERE id = ${photoId} AND user_id = ${userId} AND status <> 'rejected')
            RETURNING user_id AS id`,
      );
      if (!row) throw notFound();
      return list(userId, paid);
    },

    async remove(userId: number, paid: boolean, photoId: number): Promise<PhotosResponse> {
      const gone = await db.transaction(async (tx) => {
        const row = await first<{ filename: string; thumb_filename: string }>(
          tx,
          sql`DELETE FROM photos WHERE id = ${photoId} AND user_id = ${userId} RETURNING filename, thumb_filename`,
        );
        if (row) await repairMain(tx, userId);
        return row;
      });
      if (!gone) throw notFound();
      await removeFiles([gone.filename, gone.thumb_filename]);
      return list(userId, paid);
    },

    /** Moderation queue, oldest first. */
    async inspectionQueue(limit = 100): Promise<InspectionPhoto[]> {
      const found = await rows<{
        id: number;
        user_id: number;
        name: string;
        email: string | null;
        filename: string;
        created_at: Date | string;
      }>(
        db,
        sql`SELECT ph.id, ph.user_id, p.name, u.email, ph.filename, ph.created_at
            FROM photos ph JOIN users u ON u.id = ph.user_id JOIN profiles p ON p.user_id = ph.user_id
            WHERE ph.status = 'inspection' ORDER BY ph.created_at, ph.id LIMIT ${limit}`,
      );
      return found.map((r) => ({ ...r, created_at: iso(r.created_at) }));
    },

    async approve(photoId: number, by = 'operator'): Promise<boolean> {
      const row = await first<{ id: number }>(
        db,
        sql`UPDATE photos SET status = 'active', reviewed_at = now(), reviewed_by = ${by}
            WHERE id = ${photoId} AND status = 'inspection' RETURNING id`,
      );
      return Boolean(row);
    },

    /** A rejected photo is removed with its files; the next photo becomes main if it was the main one. */
    async reject(photoId: number): Promise<boolean> {
      const gone = await db.transaction(async (tx) => {
        const row = await first<{ user_id: number; filename: string; thumb_filename: string }>(
          tx,
          sql`DELETE FROM photos WHERE id = ${photoId} RETURNING user_id, filename, thumb_filename`,
        );
        if (row) await repairMain(tx, row.user_id);
        return row;
      });
      if (!gone) return false;
      await removeFiles([gone.filename, gone.thumb_filename]);
      return true;
    },

    /** Erasure: every photo row and file of a member. */
    async removeAllOf(userId: number): Promise<void> {
      const found = await rows<{ filename: string; thumb_filename: string }>(
        db,
        sql`SELECT filename, thumb_filename FROM photos WHERE user_id = ${userId}`,
      );
      await db.execute(sql`UPDATE profiles SET main_photo_id = NULL WHERE user_id = ${userId}`);
      await db.execute(sql`DELETE FROM photos WHERE user_id = ${userId}`);
      await removeFiles(found.flatMap((f) => [f.filename, f.thumb_filename]));
    },

    /** Absolute path of a stored file (tests, export). */
    pathOf(file: string): string {
      return path.join(opts.mediaDir, file);
    },
  };
}
export type PhotosService = ReturnType<typeof createPhotosService>;
