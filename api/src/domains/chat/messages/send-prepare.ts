// The first step of a send: the input checked, the partner found, the gift or photo looked up and the price set.
// Nothing is written here; a refusal is the answer's status and message (400, 403, 404).
import { ApiError, badInput } from '../../../lib/errors';
import { visibleOnSite } from '../../members';
import { partnerOf, type Costs, type MessagesContext, type Sender, type SendInput } from './context';
import type { PreparedSend } from './send-common';

/** C0 controls except tab, line feed and carriage return, and DEL: never part of a message people wrote. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function checkText(text: string | undefined, max: number): string {
  if (text === undefined || text.trim() === '') throw badInput('text', 'message_empty');
  if (CONTROL_CHARS.test(text)) throw badInput('text');
  const body = text.trim();
  // Characters as people count them (code points), not UTF-16 units.
  if ([...body].length > max) throw new ApiError(400, 'message_too_long', { max, field: 'text' }, 'text');
  return body;
}

/** Who the message is for: the partner of my conversation, or the member named. */
async function partnerFor(ctx: MessagesContext, me: number, input: SendInput): Promise<number> {
  if (input.conversation !== undefined) {
    return partnerOf(await ctx.myConversation(me, { conversation: input.conversation }), me);
  }
  if (input.member === me) throw badInput('member');
  return input.member!;
}

/** What the message carries besides text, and what it costs. */
async function content(
  ctx: MessagesContext,
  me: number,
  costs: Costs,
  input: SendInput,
): Promise<Pick<PreparedSend, 'giftId' | 'photoId' | 'photo' | 'cost' | 'kind'>> {
  if (input.type === 'gift') {
    const gift = await ctx.deps.gifts.byId(input.gift_id!);
    if (!gift) throw new ApiError(404, 'not_found', { field: 'gift_id' }, 'gift_id');
    return { giftId: gift.id, photoId: null, cost: costs.gift_credits, kind: 'gift' };
  }
  if (input.type === 'photo') {
    const owned = await ctx.deps.photos.ownedBy(me, input.photo_id!);
    if (!owned) throw new ApiError(404, 'not_found', { field: 'photo_id' }, 'photo_id');
    if (owned === 'not_mine') throw new ApiError(403, 'forbidden', { field: 'photo_id' }, 'photo_id');
    return { giftId: null, photoId: owned.id, photo: owned, cost: costs.photo_credits, kind: 'photo' };
  }
  return { giftId: null, photoId: null, cost: costs.message_credits, kind: 'message' };
}

export async function prepareSend(
  ctx: MessagesContext,
  sender: Sender,
  costs: Costs,
  input: SendInput,
): Promise<PreparedSend> {
  const me = sender.id;
  if ((input.conversation === undefined) === (input.member === undefined)) throw badInput('conversation');
  const body = input.type === 'text' ? checkText(input.text, costs.message_length) : null;
  if (input.type === 'gift' && input.gift_id === undefined) throw badInput('gift_id');
  if (input.type === 'photo' && input.photo_id === undefined) throw badInput('photo_id');
  const partnerId = await partnerFor(ctx, me, input);
  const carried = await content(ctx, me, costs, input);
  const [a, b] = me < partnerId ? [me, partnerId] : [partnerId, me];
  // Only members this site shows can be written to (one rule with search and profiles: visibleOnSite).
  const visible = visibleOnSite({ id: sender.siteId, niche: costs.niche ?? 1 });
  return { me, partnerId, client_id: input.client_id, type: input.type, body, ...carried, a, b, visible };
}
