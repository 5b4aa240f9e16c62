// The contract between the shell and the remotes (docs/adr/0001-module-federation.md): every exposed module, keyed by its federation
// id `<remote>/<Module>`, with the props the shell passes to it. The shell's loader is typed by this map, and each
// remote's exposed file checks its default export against it (`satisfies RemoteComponent<'mf_chat/ChatsPage'>`),
// so a prop renamed on one side fails `tsc -b` on the other. A new remote adds its entries here (and to
// REMOTE_EXPOSES, which the repo test compares with every remote's webpack `exposes`).
import type { ComponentType } from 'react';
import type { StaffAppProps } from './contract/values/staff-remote';

/** A routed page: the shell passes nothing; it reads the route from react-router. */
export type PageProps = Record<string, never>;

/** `mf_account/SignupForm`, shown by the shell's signup modal and by landers. */
export interface SignupFormProps {
  /** Called when the member finishes (or leaves) the flow, e.g. to close the shell's modal. */
  onDone?: () => void;
  /** Where the modal was opened (`signupModalOpened({ source })`), recorded with the account (`signup_source`). */
  source?: string | null;
  /** Signing up from a profile (step 0 "send a message"): that member's id and name. */
  profileId?: number;
  profileName?: string;
  /** Step 0's first message as the visitor already wrote it (sent as `signup_message` with the signup). */
  message?: string;
}

/** `mf_chat/ConversationList`, the chat layout's sidebar. */
export interface ConversationListProps {
  /** Smaller rows, no remove buttons. */
  compact?: boolean;
  /** Conversation shown next to the list, highlighted; by default the one in the address. */
  activeId?: number;
}

/** Every exposed module with its props. An interface, so a new remote may also add entries by declaration merging. */
export interface RemoteModules {
  'mf_landers/HomePage': PageProps;
  'mf_landers/LanderPage': PageProps;
  'mf_landers/SwipeGamePage': PageProps;
  'mf_landers/MatchFinderPage': PageProps;
  'mf_members/MembersPage': PageProps;
  'mf_members/MemberProfilePage': PageProps;
  'mf_members/LikesPage': PageProps;
  'mf_chat/ChatsPage': PageProps;
  'mf_chat/ConversationPage': PageProps;
  'mf_chat/ConversationList': ConversationListProps;
  'mf_payments/CreditsPage': PageProps;
  'mf_payments/CheckoutPage': PageProps;
  'mf_payments/RepeatOrderPage': PageProps;
  'mf_payments/PremiumPage': PageProps;
  'mf_payments/DirectDebitPage': PageProps;
  'mf_payments/TransactionsPage': PageProps;
  'mf_account/LoginPage': PageProps;
  'mf_account/SignupPage': PageProps;
  'mf_account/CompleteSignupPage': PageProps;
  'mf_account/ResetPasswordPage': PageProps;
  'mf_account/ResetPasswordDoPage': PageProps;
  'mf_account/ActivatePage': PageProps;
  'mf_account/MailChangePage': PageProps;
  'mf_account/AccountDeletedPage': PageProps;
  'mf_account/ProfileSettingsPage': PageProps;
  'mf_account/NotificationsPage': PageProps;
  'mf_account/LangConfigPage': PageProps;
  'mf_account/ComplaintsPage': PageProps;
  'mf_account/SignupForm': SignupFormProps;
  /** The back office (docs/adr/0018-staff-back-office.md): one module, mounted by the shell at `/staff/*`; its pages are its own routes. */
  'mf_staff/StaffApp': StaffAppProps;
}

/** `mf_chat/ConversationPage` and the like. */
export type RemoteId = keyof RemoteModules & `${string}/${string}`;
export type RemoteName = RemoteId extends `${infer Remote}/${string}` ? Remote : never;
/** The modules one remote exposes. */
export type RemoteModuleName<R extends RemoteName = RemoteName> = RemoteId extends infer Id
  ? Id extends `${R}/${infer Module}`
    ? Module
    : never
  : never;
export type RemoteProps<Id extends RemoteId> = RemoteModules[Id];
/** What an exposed module's default export must be. */
export type RemoteComponent<Id extends RemoteId> = ComponentType<RemoteProps<Id>>;
/** The module object `loadRemote(id)` answers. */
export interface RemoteModule<Id extends RemoteId> {
  default: RemoteComponent<Id>;
}

/** One exposed module as a pair, e.g. `{ remote: 'mf_chat', module: 'ConversationPage' }`; typed per id. */
export type RemoteTarget<Id extends RemoteId = RemoteId> = Id extends `${infer Remote}/${infer Module}`
  ? { remote: Remote; module: Module }
  : never;
/** The id of a target, typed: `remoteId({ remote: 'mf_chat', module: 'ChatsPage' })` is `'mf_chat/ChatsPage'`. */
export type IdOf<T extends RemoteTarget> = `${T['remote']}/${T['module']}` & RemoteId;

export function remoteId<T extends RemoteTarget>(target: T): IdOf<T> {
  return `${target.remote}/${target.module}` as IdOf<T>;
}

/**
 * The same list at run time: each remote's exposed module names. The repo test compares it with the `exposes` of
 * every `mf-*\/webpack.config.js`, and the type below keeps it equal to RemoteModules.
 */
export const REMOTE_EXPOSES = {
  mf_landers: ['HomePage', 'LanderPage', 'SwipeGamePage', 'MatchFinderPage'],
  mf_members: ['MembersPage', 'MemberProfilePage', 'LikesPage'],
  mf_chat: ['ChatsPage', 'ConversationPage', 'ConversationList'],
  mf_payments: [
    'CreditsPage',
    'CheckoutPage',
    'RepeatOrderPage',
    'PremiumPage',
    'DirectDebitPage',
    'TransactionsPage',
  ],
  mf_account: [
    'LoginPage',
    'SignupPage',
    'CompleteSignupPage',
    'ResetPasswordPage',
    'ResetPasswordDoPage',
    'ActivatePage',
    'MailChangePage',
    'AccountDeletedPage',
    'ProfileSettingsPage',
    'NotificationsPage',
    'LangConfigPage',
    'ComplaintsPage',
    'SignupForm',
  ],
  mf_staff: ['StaffApp'],
} as const satisfies { [R in RemoteName]: readonly RemoteModuleName<R>[] };

type ListedIds = {
  [R in keyof typeof REMOTE_EXPOSES]: `${R}/${(typeof REMOTE_EXPOSES)[R][number]}`;
}[keyof typeof REMOTE_EXPOSES];
// Both directions: every id of the map is listed, and every listed id is in the map.
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const exposesMatchContract: Equal<ListedIds, RemoteId> = true;
void exposesMatchContract;
