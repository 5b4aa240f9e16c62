import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetDiscountCodeQuery } from '../api/core-endpoints';
import { registerNamespace } from '../i18n/i18n';
import { captureLinkedCode, forgetLinkedCode, type LinkedCode } from '../lib/discount-link';
import { chooseDiscount, type RatedDiscount } from '../lib/discount-rule';

/** The namespace of the notice (`shared/src/locales/discount-codes`, all 11 locales). */
export const DISCOUNT_CODES_NS = 'discount-codes';
registerNamespace(
  DISCOUNT_CODES_NS,
  (locale) =>
    import(
      /* webpackChunkName: "locale-discount-codes", webpackMode: "lazy-once" */ `../locales/discount-codes/${locale}.json`
    ),
);

export type LinkedCodeState = 'applied' | 'kept' | 'weaker' | 'expired' | 'used' | 'unknown';

/** What a code from a link did, from the answer of `discountcode.php` and the member's automatic discount. */
export function linkedCodeState(
  answer: { status?: string; expired?: boolean; value_percentage?: number } | undefined,
  errorStatus: number | null,
  automatic: RatedDiscount | null,
): LinkedCodeState | null {
  if (errorStatus === 409) return 'used';
  if (errorStatus === 404) return 'unknown';
  // Any other failure (offline, 5xx) says nothing about the code.
  if (errorStatus !== null) return null;
  if (!answer) return null;
  if (answer.expired || answer.status === 'expired') return 'expired';
  if (answer.status === 'used') return 'used';
  const typed = { code: '', percentage: answer.value_percentage ?? 0 };
  return chooseDiscount(typed, automatic).source === 'typed' ? 'applied' : 'weaker';
}

/**
 * Says what a `?code=` in the address did (docs/product/credits-and-payments.md): applied (on the credits page) or
 * kept for the first purchase (on a lander), weaker than the member's running discount, expired, used, or unknown.
 * A code that cannot be used is forgotten, so the order never carries it; the notice stays for this page.
 */
export function LinkedCodeNotice({
  where,
  automatic = null,
  wrapperClassName,
}: {
  where: 'credits' | 'lander';
  automatic?: RatedDiscount | null;
  /** A box around the notice, rendered only with it (a page without `?code=` keeps its layout). */
  wrapperClassName?: string;
}) {
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  // Read after the first render: the server-rendered lander has no session storage, so both start with nothing.
  const [link, setLink] = useState<LinkedCode | null>(null);
  useEffect(() => {
    // This page's own `?code=` first (the shell keeps it too, in an effect that runs after this one), else the visit's.
    const captured = captureLinkedCode(window.location.search);
    setLink(captured);
    // The notice's texts load beside the code's lookup, and only when there is a code.
    if (captured) void i18n.loadNamespaces(DISCOUNT_CODES_NS);
  }, [i18n]);
  const lookup = useGetDiscountCodeQuery(link?.query ?? {}, { skip: !link });
  const errorStatus =
    lookup.error && 'status' in lookup.error && typeof lookup.error.status === 'number'
      ? lookup.error.status
      : lookup.error
        ? 0
        : null;
  const state = link && !lookup.isFetching ? linkedCodeState(lookup.data, errorStatus, automatic) : null;
  const unusable = state === 'expired' || state === 'used' || state === 'unknown';
  useEffect(() => {
    if (unusable) forgetLinkedCode();
  }, [unusable]);
  if (!link || !state) return null;
  const shown = state === 'applied' && where === 'lander' ? 'kept' : state;
  return (
    <NoticeText
      shown={shown}
      unusable={unusable}
      values={{
        code: link.code.toUpperCase(),
        percentage: lookup.data?.value_percentage ?? 0,
        automatic: automatic?.code ?? '',
        automaticPercentage: automatic?.percentage ?? 0,
      }}
      wrapperClassName={wrapperClassName}
    />
  );
}

/**
 * The notice's text. Its own component so that the namespace is loaded only when there is something to say: a page
 * without `?code=` (every first visit of a lander) never fetches it (docs/adr/0016-first-load-budget.md).
 */
function NoticeText({
  shown,
  unusable,
  values,
  wrapperClassName,
}: {
  shown: LinkedCodeState;
  unusable: boolean;
  values: Record<string, string | number>;
  wrapperClassName?: string;
}) {
  const { t, ready } = useTranslation(DISCOUNT_CODES_NS, { useSuspense: false });
  if (!ready) return null;
  const notice = (
    <p
      className={`alert ${unusable ? 'alert-warning' : 'alert-success'} small py-2 px-3 mb-3`}
      role="status"
      data-testid="linked-code-notice"
      data-state={shown}
    >
      {t(shown, values)}
    </p>
  );
  return wrapperClassName ? <div className={wrapperClassName}>{notice}</div> : notice;
}
