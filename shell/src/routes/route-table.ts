import { BACK_OFFICE_PATH, type StaffAppProps } from '@dating/shared';
import { LANDER_VARIANTS } from '@dating/shared/site-routes';
import type { RemoteModuleName, RemoteName, RemoteTarget } from '@dating/shared/remotes';

// The page paths are shared with the server (404 status for unknown pages); the test keeps both lists equal.
export { LANDER_VARIANTS, TOKEN_PATTERN } from '@dating/shared/site-routes';

export type LayoutName = 'default' | 'chat' | 'lander' | 'empty' | 'staff';
export type StaticPageName = 'ban' | 'cookies' | 'faq' | 'privacy' | 'return-policy' | 'service' | 'terms';
export type ShellPageTarget = { page: 'static'; name: StaticPageName } | { page: 'not-found' };

/**
 * Who may open a route. `member`: logged-in only (visitors go to /login). `search`: visitors only when the site
 * allows logged-out search (settings.logged_out_search). `home`: members go to /members.
 */
export type Access = 'any' | 'member' | 'search' | 'home';

export interface RouteDef {
  /** react-router path. */
  path: string;
  /** Route name of docs/product/routes-and-layouts.md (used by banner rules and the back button). */
  name: string;
  layout: LayoutName;
  target: RemoteTarget | ShellPageTarget;
  access: Access;
  /** Props the shell passes to the remote module (typed by the seam in `shared`). */
  props?: StaffAppProps;
}

const r = <R extends RemoteName>(remote: R, module: RemoteModuleName<R>) =>
  ({ remote, module }) as RemoteTarget;
const page = (name: StaticPageName): ShellPageTarget => ({ page: 'static', name });

/** Every path of docs/product/routes-and-layouts.md with its name, layout and owner (docs/product/architecture.md, the brief's exposed modules). */
export const ROUTE_TABLE: readonly RouteDef[] = [
  { path: '/', name: 'index', layout: 'lander', target: r('mf_landers', 'HomePage'), access: 'home' },
  // mf-members
  {
    path: '/members',
    name: 'members',
    layout: 'default',
    target: r('mf_members', 'MembersPage'),
    access: 'search',
  },
  {
    path: '/members/:id',
    name: 'members-id',
    layout: 'default',
    target: r('mf_members', 'MemberProfilePage'),
    access: 'search',
  },
  {
    path: '/likes',
    name: 'likes',
    layout: 'default',
    target: r('mf_members', 'LikesPage'),
    access: 'member',
  },
  {
    path: '/likes/m/:id',
    name: 'likes-m-id',
    layout: 'default',
    target: r('mf_members', 'MemberProfilePage'),
    access: 'member',
  },
  {
    path: '/likes/:type',
    name: 'likes-type',
    layout: 'default',
    target: r('mf_members', 'LikesPage'),
    access: 'member',
  },
  // mf-chat
  { path: '/chats', name: 'chats', layout: 'chat', target: r('mf_chat', 'ChatsPage'), access: 'member' },
  {
    path: '/chats/:id',
    name: 'chats-id',
    layout: 'chat',
    target: r('mf_chat', 'ConversationPage'),
    access: 'member',
  },
  // Visitors too: signup step 0 is writing to this member, then signing up with that message.
  {
    path: '/members/:id/chat',
    name: 'members-id-chat',
    layout: 'chat',
    target: r('mf_chat', 'ConversationPage'),
    access: 'any',
  },
  // mf-landers
  {
    path: '/members/:id/landing',
    name: 'members-id-landing',
    layout: 'lander',
    target: r('mf_landers', 'LanderPage'),
    access: 'any',
  },
  {
    path: '/members/:id/landing2/:slug?',
    name: 'members-id-landing2-slug',
    layout: 'lander',
    target: r('mf_landers', 'LanderPage'),
    access: 'any',
  },
  {
    path: '/members/:id/landing3/:slug?',
    name: 'members-id-landing3-slug',
    layout: 'lander',
    target: r('mf_landers', 'LanderPage'),
    access: 'any',
  },
  {
    path: '/members/:id/signup',
    name: 'members-id-signup',
    layout: 'lander',
    target: r('mf_landers', 'LanderPage'),
    access: 'any',
  },
  {
    path: '/landers/tinderswipe',
    name: 'landers-tinderswipe',
    layout: 'lander',
    target: r('mf_landers', 'LanderPage'),
    access: 'any',
  },
  ...LANDER_VARIANTS.map((variant): RouteDef => ({
    path: `/landers/${variant}/:slug?`,
    name: 'landers-variant-slug',
    layout: 'lander',
    target: r('mf_landers', 'LanderPage'),
    access: 'any',
  })),
  {
    path: '/swipe-game',
    name: 'swipe-game',
    layout: 'lander',
    target: r('mf_landers', 'SwipeGamePage'),
    access: 'any',
  },
  // A full-screen questionnaire that ends in the signup modal.
  {
    path: '/match-finder',
    name: 'match-finder',
    layout: 'empty',
    target: r('mf_landers', 'MatchFinderPage'),
    access: 'any',
  },
  // A lander by slug token (`<niche>-<locale>`, e.g. general-nl, she-eng); other single segments are a 404.
  { path: '/:token', name: 'token', layout: 'lander', target: r('mf_landers', 'LanderPage'), access: 'any' },
  // mf-payments
  {
    path: '/credits',
    name: 'credits',
    layout: 'default',
    target: r('mf_payments', 'CreditsPage'),
    access: 'member',
  },
  {
    path: '/credits/repeat-order',
    name: 'credits-repeat-order',
    layout: 'default',
    target: r('mf_payments', 'RepeatOrderPage'),
    access: 'member',
  },
  {
    path: '/credits/:id/:paymentmethod?',
    name: 'credits-id-paymentmethod',
    layout: 'default',
    target: r('mf_payments', 'CheckoutPage'),
    access: 'member',
  },
  {
    path: '/premium',
    name: 'premium',
    layout: 'default',
    target: r('mf_payments', 'PremiumPage'),
    access: 'any',
  },
  {
    path: '/pricing',
    name: 'pricing',
    layout: 'default',
    target: r('mf_payments', 'PremiumPage'),
    access: 'any',
  },
  {
    path: '/directdebit',
    name: 'directdebit',
    layout: 'default',
    target: r('mf_payments', 'DirectDebitPage'),
    access: 'member',
  },
  {
    path: '/transactions/:id?',
    name: 'transactions-id',
    layout: 'default',
    target: r('mf_payments', 'TransactionsPage'),
    access: 'member',
  },
  // mf-account
  { path: '/login', name: 'login', layout: 'default', target: r('mf_account', 'LoginPage'), access: 'any' },
  {
    path: '/signup',
    name: 'signup',
    layout: 'default',
    target: r('mf_account', 'SignupPage'),
    access: 'any',
  },
  {
    path: '/signup-matches',
    name: 'signup-matches',
    layout: 'default',
    target: r('mf_account', 'SignupPage'),
    access: 'any',
  },
  {
    path: '/complete-signup',
    name: 'complete-signup',
    layout: 'default',
    target: r('mf_account', 'CompleteSignupPage'),
    access: 'any',
  },
  {
    path: '/reset-password',
    name: 'reset-password',
    layout: 'default',
    target: r('mf_account', 'ResetPasswordPage'),
    access: 'any',
  },
  {
    path: '/reset-password/do',
    name: 'reset-password-do',
    layout: 'default',
    target: r('mf_account', 'ResetPasswordDoPage'),
    access: 'any',
  },
  {
    path: '/activate/done',
    name: 'activate-done',
    layout: 'default',
    target: r('mf_account', 'ActivatePage'),
    access: 'any',
  },
  {
    path: '/activate/error',
    name: 'activate-error',
    layout: 'default',
    target: r('mf_account', 'ActivatePage'),
    access: 'any',
  },
  {
    path: '/mail-change/do',
    name: 'mail-change-do',
    layout: 'default',
    target: r('mf_account', 'MailChangePage'),
    access: 'any',
  },
  {
    path: '/account-deleted',
    name: 'account-deleted',
    layout: 'default',
    target: r('mf_account', 'AccountDeletedPage'),
    access: 'any',
  },
  {
    path: '/profile',
    name: 'profile',
    layout: 'default',
    target: r('mf_account', 'ProfileSettingsPage'),
    access: 'member',
  },
  {
    path: '/notifications',
    name: 'notifications',
    layout: 'default',
    target: r('mf_account', 'NotificationsPage'),
    access: 'member',
  },
  {
    path: '/lang-config',
    name: 'lang-config',
    layout: 'default',
    target: r('mf_account', 'LangConfigPage'),
    access: 'member',
  },
  {
    path: '/complaints',
    name: 'complaints',
    layout: 'default',
    target: r('mf_account', 'ComplaintsPage'),
    access: 'any',
  },
  // mf-staff: the shell knows only the prefix; the staff pages and their access are the remote's own (docs/adr/0018-staff-back-office.md).
  {
    path: `${BACK_OFFICE_PATH}/*`,
    name: 'staff',
    layout: 'staff',
    target: r('mf_staff', 'StaffApp'),
    access: 'any',
    props: { basePath: BACK_OFFICE_PATH },
  },
  // Shell pages
  ...(['ban', 'cookies', 'faq', 'privacy', 'return-policy', 'service', 'terms'] as const).map(
    (name): RouteDef => ({
      path: `/pages/${name}`,
      name: `pages-${name}`,
      layout: 'default',
      target: page(name),
      access: 'any',
    }),
  ),
  { path: '*', name: 'not-found', layout: 'default', target: { page: 'not-found' }, access: 'any' },
];

/** The members area of docs/product/routes-and-layouts.md (time bonus, its popup). */
export const MEMBERS_AREA = ['members', 'members-id', 'chats', 'likes', 'likes-m-id', 'premium'] as const;

/** Routes that show a back button in standalone app mode (docs/product/routes-and-layouts.md). */
export const BACK_BUTTON_ROUTES = [
  'members-id',
  'likes-type',
  'likes-m-id',
  'credits',
  'credits-id-paymentmethod',
] as const;

export function isRemoteTarget(target: RouteDef['target']): target is RemoteTarget {
  return 'remote' in target;
}

/** The remote module a path shows, for preloading on hover. */
export function remoteForPath(pathname: string): RemoteTarget | null {
  const segments = pathname.split('?')[0]!.split('/').filter(Boolean);
  for (const route of ROUTE_TABLE) {
    if (route.path === '*' || route.path === '/:token') continue;
    const parts = route.path.split('/').filter(Boolean);
    const required = parts.filter((part) => !part.endsWith('?')).length;
    if (segments.length < required || segments.length > parts.length) continue;
    const matches = segments.every((segment, i) => parts[i]!.startsWith(':') || parts[i] === segment);
    if (matches && isRemoteTarget(route.target)) return route.target;
  }
  return null;
}
