import { expect, type Page, type Response } from '@playwright/test';
import { getJson } from './site';

/** The translated fallback a remote's route shows when the remote cannot be loaded (shell common.remote.unavailable). */
export const REMOTE_FALLBACK = {
  title: 'Dit deel van de site is tijdelijk niet beschikbaar',
  retry: 'Opnieuw proberen',
} as const;

export function remoteFallback(page: Page) {
  return page.getByRole('alert').filter({ hasText: REMOTE_FALLBACK.title });
}

interface Named {
  name: string;
}

/**
 * One page per remote (docs/adr/0001-module-federation.md), each with what proves it rendered on real API data. `open` navigates and
 * resolves when the page shows its content; the session (visitor or member) is the caller's business.
 */
export interface RemotePage {
  app: 'mf-landers' | 'mf-members' | 'mf-chat' | 'mf-payments' | 'mf-account';
  path: string;
  member: boolean;
  /**
   * Goes to the page with `go` (default: a full load with `page.goto`) and resolves once it shows its content.
   * Pass a client-side navigation or a click on Retry as `go` to check the same content without a reload.
   */
  open(page: Page, go?: Go): Promise<void>;
}
export type Go = (path: string) => Promise<unknown>;
const load =
  (page: Page): Go =>
  (path) =>
    page.goto(path);

function isApi(path: string) {
  return (response: Response) =>
    new URL(response.url()).pathname === path && response.request().method() === 'GET';
}

export const REMOTE_PAGES: readonly RemotePage[] = [
  {
    app: 'mf-landers',
    path: '/',
    member: false,
    async open(page, go = load(page)) {
      await go('/');
      // The general lander for visitors, with its signup call to action (docs/adr/0001-module-federation.md).
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expect(
        page
          .getByRole('button', { name: /aanmeld|meld je .*aan/i })
          .or(page.getByRole('link', { name: /aanmeld|meld je .*aan/i }))
          .first(),
      ).toBeVisible();
    },
  },
  {
    app: 'mf-members',
    path: '/members',
    member: true,
    async open(page, go = load(page)) {
      const members = membersAnswer(page);
      await go('/members');
      await expectMembersListed(page, await members);
    },
  },
  {
    app: 'mf-chat',
    path: '/chats',
    member: true,
    async open(page, go = load(page)) {
      const { chats } = await getJson<{ chats: { profile: Named }[] }>(page.request, '/api/chats.php');
      expect(chats.length, 'the demo member has seeded conversations').toBeGreaterThan(0);
      await go('/chats');
      // The conversation list: from 992 px it is the chat layout's sidebar (mf-chat's ConversationList), on a
      // phone the page itself.
      for (const chat of chats) {
        await expect(page.getByText(chat.profile.name).filter({ visible: true }).first()).toBeVisible();
      }
    },
  },
  {
    app: 'mf-payments',
    path: '/credits',
    member: true,
    async open(page, go = load(page)) {
      const { packages } = await getJson<{ packages: { credits: number }[] }>(
        page.request,
        '/api/packages.php',
      );
      expect(packages.length, 'the seeded site sells credit packages').toBeGreaterThan(0);
      await go('/credits');
      for (const pack of packages) {
        await expect(page.getByText(new RegExp(`(^|\\D)${pack.credits}(\\D|$)`)).first()).toBeVisible();
      }
    },
  },
  {
    app: 'mf-account',
    path: '/login',
    member: false,
    async open(page, go = load(page)) {
      await go('/login');
      const form = page.getByRole('form', { name: 'Inloggen' });
      await expect(form.getByLabel('E-mailadres')).toBeVisible();
      await expect(form.getByLabel('Wachtwoord', { exact: true })).toBeVisible();
    },
  },
];

export function remotePage(app: RemotePage['app']): RemotePage {
  const found = REMOTE_PAGES.find((item) => item.app === app);
  if (!found) throw new Error(`no page for ${app}`);
  return found;
}

/**
 * A navigation inside the running single-page app, as a click on an internal link does: the router handles it,
 * nothing is reloaded, so federation state (share scope, loaded remotes) carries over.
 */
export function navigateInApp(page: Page): Go {
  return async (path) => {
    await page.evaluate((target) => {
      // The state shape react-router's browser history writes, so its index bookkeeping stays consistent.
      const previous = (window.history.state ?? {}) as { idx?: number };
      const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (previous.idx ?? 0) + 1 };
      window.history.pushState(state, '', target);
      window.dispatchEvent(new PopStateEvent('popstate', { state }));
    }, path);
    await expect(page).toHaveURL((url) => url.pathname === path);
  };
}

/** /members shows the profiles of the search answer it got from the server (seeded in a fresh database). */
export async function expectMembersListed(page: Page, answer: Response): Promise<void> {
  const { profiles } = (await answer.json()) as { profiles: (Named & { id: number })[] };
  expect(profiles.length, 'the seeded database has profiles to list').toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Leden zoeken' })).toBeVisible();
  for (const profile of profiles.slice(0, 3)) {
    // Each profile card links to the profile and names the member.
    const card = page.locator(`main a[href="/members/${profile.id}"]`).first();
    await expect(card).toBeVisible();
    await expect(card).toContainText(profile.name);
  }
}

/** Resolves with the next successful `GET /api/members.php` the page makes (start waiting before acting). */
export function membersAnswer(page: Page): Promise<Response> {
  return page.waitForResponse((response) => isApi('/api/members.php')(response) && response.ok());
}
