// Photo moderation: the photos under inspection (accounts' query), approved or rejected through the photos service
// (the same as the `moderate` command), then the members' caches cleared on every node (`members.clearCache`, the
// bus), so the photo shows, or disappears, at once everywhere.
import { staffPath, type StaffPendingPhoto } from '@dating/shared/contract/staff';
import { inspectionPhotoOwner, photosUnderInspection } from '../../accounts';
import { badInput, notFound } from '../../../lib/errors';
import type { Actor } from '../../audit';
import { iso, localeOf, siteOrigin, siteRef, type ModerationDeps } from './common';

export async function pendingPhotos(
  deps: ModerationDeps,
  site: number | undefined,
): Promise<StaffPendingPhoto[]> {
  const found = await photosUnderInspection(deps.db, site);
  return Promise.all(
    found.map(async (r) => ({
      id: r.id,
      member: { id: r.user_id, name: r.name, email: r.email, locale: localeOf(r.language) },
      site: await siteRef(deps, r.site_id),
      // Not public before approval: through the staff route (ADR 0024).
      url: staffPath('photoFile', r.id),
      thumb_url: `${staffPath('photoFile', r.id)}?size=thumb`,
      uploaded_at: iso(r.created_at),
    })),
  );
}

/** Approves a photo under inspection (audited by the photos service); 404 when there is none with this id. */
export async function approve(deps: ModerationDeps, photoId: number, actor: Actor & { name: string }) {
  const by = actor.name;
  const owner = await inspectionPhotoOwner(deps.db, photoId);
  if (!owner || !(await deps.photos.approve(photoId, `staff:${by}`.slice(0, 100), actor))) throw notFound();
  deps.members.clearCache();
  return owner;
}

/**
 * Rejects a photo under inspection (removed with its files, audited by the photos service) and mails the member
 * the reason.
 */
export async function reject(deps: ModerationDeps, photoId: number, reason: string, actor: Actor) {
  const text = reason.trim();
  if (!text) throw badInput('reason');
  const owner = await inspectionPhotoOwner(deps.db, photoId);
  if (!owner || !(await deps.photos.reject(photoId, { actor, reason: text }))) throw notFound();
  deps.members.clearCache();
  if (owner.email) {
    await deps.mail.send({
      to: owner.email,
      template: 'photo_rejected',
      locale: localeOf(owner.language),
      siteId: owner.site_id,
      params: { name: owner.name, reason: text, link: `${await siteOrigin(deps, owner.site_id)}/settings` },
    });
  }
  return owner;
}
