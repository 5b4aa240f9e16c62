// Answering from the reply queue as the fictional profile, and the photos of a queued conversation.
import { sql } from 'drizzle-orm';
import { isLocale } from '@dating/shared/contract/index';
import type { StaffReplyRequest, StaffReplyResponse } from '@dating/shared/contract/staff';
import { first } from '../../../db/sql';
import { ApiError, notFound } from '../../../lib/errors';
import { readObject } from '../../../lib/storage';
import { activePhoto, memberCards, photoKey } from '../../accounts';
import { photoSentIn } from '../../chat';
import { recordAudit, type Actor } from '../../audit';
import { iso, sides, takeClaim, type QueueDeps, type Sides } from './common';

/** 409 unless I hold the conversation's claim now. */
async function requireClaim(deps: QueueDeps, conversationId: number, me: number): Promise<void> {
  const held = await first<{ staff_id: number }>(
    deps.db,
    sql`SELECT staff_id FROM staff_claims WHERE conversation_id = ${conversationId} AND staff_id = ${me} AND expires_at > now()`,
  );
  if (!held) throw new ApiError(409, 'claim_expired');
}

/** A photo of the fictional profile's album, copied into the chat's photos (as a member's upload would be). */
async function albumPhotoToChat(
  deps: QueueDeps,
  c: Sides,
  albumPhotoId: number | undefined,
): Promise<number> {
  if (albumPhotoId === undefined)
    throw new ApiError(400, 'validation', { field: 'album_photo_id' }, 'album_photo_id');
  const photo = await activePhoto(deps.db, c.fictional_id, albumPhotoId);
  if (!photo) throw new ApiError(404, 'not_found', { field: 'album_photo_id' }, 'album_photo_id');
  const bytes = await readObject(deps.storage, photoKey(photo.filename));
  if (!bytes) throw new ApiError(404, 'not_found', { field: 'album_photo_id' }, 'album_photo_id');
  return (await deps.chatPhotos.upload(c.fictional_id, bytes)).id;
}

/**
 * Sends as the fictional profile through `messages.send` (the member's live channel, counters and chat list
 * follow as for any message); fictional profiles pay nothing. Needs my claim, which the reply renews.
 */
export async function reply(
  deps: QueueDeps,
  conversationId: number,
  actor: Actor & { id: number; name: string },
  input: StaffReplyRequest,
): Promise<StaffReplyResponse> {
  const { id: me, name: meName } = actor;
  const c = await sides(deps.db, conversationId);
  await requireClaim(deps, c.id, me);
  const site = await deps.sites.byId(c.site_id);
  if (!site) throw notFound();
  const photoId = input.type === 'photo' ? await albumPhotoToChat(deps, c, input.album_photo_id) : undefined;
  const [fictionalCard] = await memberCards(deps.db, [c.fictional_id]);
  const fictionalLanguage = fictionalCard ? { language: fictionalCard.language } : undefined;
  const sent = await deps.messages.send(
    {
      id: c.fictional_id,
      siteId: c.site_id,
      language: isLocale(fictionalLanguage?.language) ? fictionalLanguage.language : 'nl',
    },
    {
      niche: site.niche,
      message_credits: 0,
      photo_credits: 0,
      gift_credits: 0,
      message_length: site.baseSettings.message_length,
    },
    {
      conversation: c.id,
      client_id: input.client_id,
      type: input.type,
      ...(input.text !== undefined ? { text: input.text } : {}),
      ...(input.gift_id !== undefined ? { gift_id: input.gift_id } : {}),
      ...(photoId !== undefined ? { photo_id: photoId } : {}),
    },
  );
  // The claim renewed and the reply audited in one transaction (the message itself is the chat's, sent above).
  const renewed = await deps.db.transaction(async (tx) => {
    const claim = await takeClaim(tx, c.id, me);
    await recordAudit(tx, actor, {
      action: 'reply',
      targetType: 'conversation',
      targetId: c.id,
      after: { message: sent.message.id, type: input.type },
    });
    return claim;
  });
  return {
    message: sent.message,
    claim: {
      staff: { id: me, name: meName },
      expires_at: iso(renewed?.expires_at ?? new Date()),
      mine: true,
    },
  };
}

/** The storage key of a photo sent in this conversation (by either side), or null. */
export async function chatPhoto(
  deps: QueueDeps,
  conversationId: number,
  photoId: number,
  thumb: boolean,
): Promise<string | null> {
  const c = await sides(deps.db, conversationId);
  // The fictional profile is one of the conversation's two members: the chat's own access rule applies.
  return (await photoSentIn(deps.db, c.id, photoId))
    ? deps.chatPhotos.keyFor(c.fictional_id, photoId, thumb)
    : null;
}
