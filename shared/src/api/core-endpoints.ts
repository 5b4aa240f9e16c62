import { api } from './api';
import type {
  AutoLikeResponse,
  ChatsResponse,
  CompanyInfo,
  ConversationRequest,
  DiscountCode,
  DiscountCodeQuery,
  DismissalsResponse,
  DismissRequest,
  InterestsResponse,
  LikesResponse,
  LoginRequest,
  UserAnswer,
  RegionsResponse,
  TownsResponse,
  Settings,
  SettingsQuery,
  TownsQuery,
  UpdateLanguageRequest,
  UserResponse,
} from '../contract';
import { ACCOUNT_PATHS } from '../contract/values/account';

/** `host` and the current address's query parameters, for settings.php. */
export function settingsParams(
  where: Pick<Location, 'host' | 'search'> | undefined = typeof location === 'undefined'
    ? undefined
    : location,
): Record<string, string> {
  if (!where) return {};
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(where.search)) if (key !== 'host') params[key] = value;
  params.host = where.host;
  return params;
}

/**
 * The calls of docs/product/calls-and-errors.md that the shell and several remotes rely on. Domain-specific calls are injected by the
 * remote that owns the domain.
 */
export const coreApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<UserResponse, void>({
      query: () => 'user.php',
      providesTags: ['User'],
    }),
    login: build.mutation<UserAnswer, LoginRequest>({
      query: (credentials) => ({
        url: 'user.php',
        method: 'POST',
        body: new URLSearchParams({ email: credentials.email, password: credentials.password }),
      }),
    }),
    updateLanguage: build.mutation<UserResponse, UpdateLanguageRequest>({
      query: (body) => ({ url: 'user.php', method: 'PUT', body }),
      extraOptions: { idempotent: true },
    }),
    logout: build.mutation<{ ok: true }, void>({
      query: () => 'logout.php',
    }),
    getSettings: build.query<Settings, void>({
      // docs/product/calls-and-errors.md: the request host forced as a parameter plus the route's query parameters (the cache key stays
      // the one entry the server's inlined settings prime).
      query: () => ({ url: 'settings.php', params: settingsParams() satisfies SettingsQuery }),
      providesTags: ['Settings'],
    }),
    getChats: build.query<ChatsResponse, void>({
      query: () => 'chats.php',
      providesTags: ['Chats'],
    }),
    deleteChat: build.mutation<{ ok: true }, number>({
      query: (conversation) => ({
        url: 'chat.php',
        method: 'DELETE',
        body: { conversation } satisfies ConversationRequest,
      }),
    }),
    getLikes: build.query<LikesResponse, void>({
      query: () => 'likes.php',
      providesTags: ['Likes'],
    }),
    autoLike: build.query<AutoLikeResponse, void>({
      query: () => 'auto-like.php',
    }),
    getDiscountCode: build.query<DiscountCode, DiscountCodeQuery>({
      query: (params) => ({ url: 'discountcode.php', params }),
      providesTags: ['Discount'],
    }),
    /** `POST /api/activation-mail.php`: "send the link again" (the shell's reminder, the activate and complete pages). */
    resendActivation: build.mutation<null, void>({
      query: () => ({ url: ACCOUNT_PATHS.activationMail, method: 'POST' }),
    }),
    /** The banners the member closed, kept per member on the server (docs/adr/0029). */
    getDismissals: build.query<DismissalsResponse, void>({
      query: () => 'dismissals.php',
    }),
    dismiss: build.mutation<DismissalsResponse, DismissRequest>({
      query: (body) => ({ url: 'dismissals.php', method: 'PUT', body }),
      extraOptions: { idempotent: true },
      async onQueryStarted({ key }, { dispatch, queryFulfilled }) {
        // Closed at once on this page; the answer replaces the list.
        dispatch(
          coreApi.util.updateQueryData('getDismissals', undefined, (draft) => {
            draft.dismissals[key] = Math.floor(Date.now() / 1000);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(coreApi.util.upsertQueryData('getDismissals', undefined, data));
        } catch {
          // Kept on this device (localStorage) until the next try.
        }
      },
    }),
    getInterests: build.query<InterestsResponse, void>({
      query: () => 'interests.php',
      keepUnusedDataFor: 3600,
    }),
    getRegions: build.query<RegionsResponse, void>({ query: () => 'regions.php', keepUnusedDataFor: 3600 }),
    getTowns: build.query<TownsResponse, TownsQuery>({
      query: ({ country, region }) => ({
        url: 'towns.php',
        params: (region ? { country, region } : { country }) satisfies TownsQuery,
      }),
      keepUnusedDataFor: 3600,
    }),
    getCompanyInfo: build.query<CompanyInfo, void>({
      query: () => 'companyinfo.php',
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useGetUserQuery,
  useLoginMutation,
  useUpdateLanguageMutation,
  useLogoutMutation,
  useGetSettingsQuery,
  useGetChatsQuery,
  useDeleteChatMutation,
  useGetLikesQuery,
  useLazyAutoLikeQuery,
  useGetDiscountCodeQuery,
  useGetInterestsQuery,
  useGetRegionsQuery,
  useGetTownsQuery,
  useGetCompanyInfoQuery,
  useResendActivationMutation,
  useGetDismissalsQuery,
  useDismissMutation,
} = coreApi;
