import { isLocale } from '@dating/shared/contract/index';
import {
  type StaffLedgerRow,
  type StaffMemberAccount,
  type StaffMemberDetail,
  type StaffOrder,
} from '@dating/shared/contract/staff';
import type { Db } from '../../db/client';
import { ApiError, badInput, notFound } from '../../lib/errors';
import type { Actor } from '../audit';
import {
  memberAccount,
  searchMemberAccounts,
  type AccountsService,
  type MemberAccountRow,
  type SessionsService,
} from '../accounts';
import {
  ledgerOf,
  orderSummary,
  ordersOf,
  type CreditsService,
  type GrantLedgerRow,
  type OrderSummaryRow,
  type PaymentsService,
} from '../payments';
import type { MembersService } from '../members';
import type { SitesService } from '../sites';
import type { StaffModeration } from './moderation';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const DEFAULT_REFUND_DAYS = 14;
export const GRANT_MAX = 10_000;

export interface StaffMembersDeps {
  db: Db;
  sites: SitesService;
  sessions: SessionsService;
  credits: CreditsService;
  payments: PaymentsService;
  members: MembersService;
  accounts: AccountsService;
  moderation: StaffModeration;
  /** Tells the member's open tabs their new balance. */
  publishCounters: (userId: number) => void;
}

/** Members as admins handle them and refunds (docs/adr/0018-staff-back-office.md). Real members only, never fictional. */
export function createStaffMembers(deps: StaffMembersDeps) {
  const { db } = deps;

  async function toAccount(r: MemberAccountRow): Promise<StaffMemberAccount> {
    const s = await deps.sites.byId(r.site_id);
    return {
      id: r.id,
      site: { id: r.site_id, name: s?.name ?? '', host: s?.host ?? '' },
      email: r.email,
      name: r.name ?? '',
      status: r.status,
      locale: isLocale(r.language) ? r.language : 'nl',
      credits: r.credits,
      paid_user: r.paid_user,
      signup_date: iso(r.signup_date)!,
      confirmed_at: iso(r.confirmed_at),
      last_seen_at: iso(r.last_seen_at),
      banned:
        r.banned_at === null
          ? null
          : { at: iso(r.banned_at)!, reason: r.ban_reason ?? '', by: r.banned_by ?? '' },
    };
  }

  async function account(id: number): Promise<StaffMemberAccount> {
    const row = await memberAccount(db, id);
    if (!row) throw notFound();
    return toAccount(row);
  }

  /** The site's refund window (its `refund_days` setting, from the sites' cache). */
  async function refundDaysOf(siteId: number): Promise<number> {
    const site = await deps.sites.byId(siteId);
    return Number(site?.settings.refund_days ?? DEFAULT_REFUND_DAYS) || DEFAULT_REFUND_DAYS;
  }

  async function toOrder(o: OrderSummaryRow): Promise<StaffOrder & { refundDays: number }> {
    const days = await refundDaysOf(o.site_id);
    const completed = o.completed_at ? new Date(o.completed_at).getTime() : null;
    return {
      id: o.id,
      status: o.status,
      credits: o.credits,
      price: { amount: o.amount, currency: o.currency },
      method: o.payment_method,
      provider: o.provider,
      created_at: iso(o.created_at)!,
      completed_at: iso(o.completed_at),
      refunded_at: iso(o.refunded_at),
      refundable:
        o.status === 'completed' && completed !== null && Date.now() - completed <= days * 86_400_000,
      refundDays: days,
    };
  }
  /** The order as the contract answers it (without the window, which is for the refund's own check). */
  const answerOf = ({ refundDays: _days, ...order }: StaffOrder & { refundDays: number }): StaffOrder =>
    order;

  function toLedger(r: GrantLedgerRow): StaffLedgerRow {
    return {
      id: r.id,
      amount: r.amount,
      kind: r.kind,
      ref: r.ref,
      staff: r.staff_name,
      note: r.note,
      created_at: iso(r.created_at)!,
    };
  }

  return {
    account,

    async search(q: string, site: number | undefined): Promise<StaffMemberAccount[]> {
      const text = q.trim();
      if (text.length < 2 && !/^\d+$/.test(text)) throw badInput('q');
      return Promise.all((await searchMemberAccounts(db, text, site)).map(toAccount));
    },

    async detail(id: number): Promise<StaffMemberDetail> {
      const acc = await account(id);
      const ledger = await ledgerOf(db, id);
      const orders = await Promise.all((await ordersOf(db, id)).map(toOrder));
      return {
        account: acc,
        ledger: ledger.map(toLedger),
        orders: orders.map(answerOf),
        reports: await deps.moderation.reportsOf(id),
      };
    },

    /**
     * Ban (sessions ended on every node; `reason` given) or unban (`reason` null), through accounts' bans, which
     * write the audit row with the change; answers the account after.
     */
    async setBan(id: number, reason: string | null, actor: Actor & { name: string }) {
      const before = await account(id);
      if (reason !== null && before.banned) throw new ApiError(409, 'record_changed');
      if (reason !== null) {
        const text = reason.trim();
        if (!text) throw badInput('reason');
        if (!(await deps.accounts.bans.ban(id, text, actor))) throw new ApiError(409, 'record_changed');
      } else {
        await deps.accounts.bans.unban(id, actor);
      }
      deps.members.clearCache();
      return account(id);
    },

    /**
     * A credit with a ledger row naming the staff member and the audit row (payments' `credits.grant`, one
     * transaction); the member's open tabs hear the new balance.
     */
    async grant(id: number, amount: number, reason: string, staff: Actor & { id: number; name: string }) {
      if (!Number.isInteger(amount) || amount < 1 || amount > GRANT_MAX)
        throw badInput('amount', 'validation', { min: 1, max: GRANT_MAX });
      const note = reason.trim();
      if (!note) throw badInput('reason');
      await account(id);
      const { credits, ledger } = await deps.credits.grant({ userId: id, amount, staff, note });
      deps.publishCounters(id);
      return { credits, ledger: toLedger(ledger) };
    },

    /** A new activation mail (accounts writes it with the audit row), to the member's site's own origin. */
    async resendActivation(id: number, actor: Actor) {
      const acc = await account(id);
      if (acc.status !== 'not_confirmed') throw new ApiError(409, 'record_changed');
      // The member's site's own origin (docs/adr/0035-one-origin-per-site.md), whatever address the staff member works at.
      const site = await deps.sites.byId(acc.site.id);
      if (!site) throw notFound();
      await deps.accounts.resendActivationByStaff(id, site.publicOrigin, actor);
      return acc;
    },

    /**
     * The member's own deletion (accounts' `deletion.removeByStaff`): switched off, push subscriptions and
     * reactivation links revoked, sessions ended everywhere, erased by the accounts job after the restore period;
     * the audit row commits with it.
     */
    async remove(id: number, actor: Actor) {
      const before = await account(id);
      if (before.status === 'deleted') throw notFound();
      await deps.accounts.deletion.removeByStaff(id, actor);
      deps.members.clearCache();
    },

    /**
     * Refund through the provider (payments' `orders.refund`, the refund command's path) within refund_days;
     * payments writes the audit row (with the reason) in the transaction that takes the credits back.
     */
    async refund(orderId: number, reason: string, actor: Actor & { id: number }) {
      const staffId = actor.id;
      const row = await orderSummary(db, orderId);
      if (!row) throw notFound();
      const before = await toOrder(row);
      if (row.status !== 'completed' || !row.provider) throw new ApiError(409, 'refund_unavailable');
      const days = before.refundDays;
      if (!before.refundable) throw new ApiError(409, 'refund_window', { days });
      if (!deps.payments.provider || deps.payments.provider.name !== row.provider)
        throw new ApiError(503, 'payments_unavailable');
      // A second refund of the same order (another admin, a double click, the command) is a 409 from payments.
      const result = await deps.payments.orders.refund(orderId, {
        refundDays: days,
        requestedBy: `staff:${staffId}`,
        audit: { actor, details: { reason } },
      });
      const after = answerOf(await toOrder((await orderSummary(db, orderId))!));
      return { before: answerOf(before), order: after, taken: result.taken, shortfall: result.shortfall };
    },
  };
}
export type StaffMembers = ReturnType<typeof createStaffMembers>;
