import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { SITE_ROUTE_PATHS } from '../../shared/src/site-routes';
import { ROUTE_TABLE, type RouteDef } from '../../shell/src/routes/route-table';
import { getJson } from './site';

/** WCAG 2.0–2.2 A and AA, and axe's best practices (landmarks, one h1); no AAA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/**
 * Rules that fail at any impact, because the site promises them (docs/adr/0019-accessibility.md): one main landmark, a way to
 * skip the navigation, an h1, names that contain the visible label.
 */
export const ALWAYS_FAIL = new Set([
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'page-has-heading-one',
  'bypass',
  'label-content-name-mismatch',
]);

export const VIEWPORTS = {
  desktop: { width: 1280, height: 720 },
  // Pixel 5: below the 992 px breakpoint the member bar moves to the bottom and the chat sidebar is hidden.
  phone: { width: 393, height: 851 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export interface Finding {
  route: string;
  url: string;
  viewport: ViewportName;
  rule: string;
  impact: string;
  /** Each failing element with axe's reason for it (the contrast ratio and colours, the missing name, …). */
  targets: string[];
  summary: string;
}

/** The real ids the routes' parameters are filled with (seeded data, read from the API as the member). */
export interface RouteIds {
  profileId: number;
  conversationId: number | null;
  packageId: number;
  orderId: number | null;
}

export async function seededIds(page: Page, member: boolean): Promise<RouteIds> {
  const { profiles } = await getJson<{ profiles: { id: number }[] }>(page.request, '/api/members.php');
  expect(profiles.length, 'the seeded database has profiles').toBeGreaterThan(0);
  if (!member) return { profileId: profiles[0]!.id, conversationId: null, packageId: 0, orderId: null };
  const { chats } = await getJson<{ chats: { conversation: { id: number } }[] }>(
    page.request,
    '/api/chats.php',
  );
  const { packages } = await getJson<{ packages: { id: number }[] }>(page.request, '/api/packages.php');
  const { orders } = await getJson<{ orders: { id: number }[] }>(page.request, '/api/orders.php');
  expect(chats.length, 'the demo member has seeded conversations').toBeGreaterThan(0);
  return {
    profileId: profiles[0]!.id,
    conversationId: chats[0]!.conversation.id,
    packageId: packages[0]!.id,
    orderId: orders[0]?.id ?? null,
  };
}

export interface ScanTarget {
  /** The route table's path (what a failure names). */
  route: string;
  url: string;
  layout: RouteDef['layout'];
  /** What draws the page: a remote's module, a shell page; a lander per path (each path is its own design). */
  page: string;
}

/**
 * Every route of the route table with its parameters filled, for a visitor or a member. Routes the state cannot
 * open are left out (a visitor sent to /login from a members-only page scans /login again; a member opening `/`
 * lands on /members); the catch-all is scanned at an unknown path (the 404 page).
 */
export function scanTargets(ids: RouteIds, member: boolean): ScanTarget[] {
  const fill: Record<string, string> = {
    ':id': String(ids.profileId),
    ':slug?': 'general-nl',
    ':type': 'matches',
    ':token': 'general-nl',
    ':paymentmethod?': 'ideal',
  };
  const targets: ScanTarget[] = [];
  for (const route of ROUTE_TABLE) {
    if (!member && route.access === 'member') continue;
    if (member && route.access === 'home') continue;
    let url = route.path === '*' ? '/pagina-die-niet-bestaat/x' : route.path;
    if (route.path === '/chats/:id') url = `/chats/${ids.conversationId}`;
    else if (route.path === '/credits/:id/:paymentmethod?') url = `/credits/${ids.packageId}/ideal`;
    else if (route.path === '/transactions/:id?')
      url = ids.orderId ? `/transactions/${ids.orderId}` : '/transactions';
    else if (route.path.endsWith('/*'))
      url = route.path.slice(0, -2); // a remote's own router (the back office)
    else
      url = url
        .split('/')
        .map((part) => fill[part] ?? part)
        .join('/');
    const page =
      'remote' in route.target ? `${route.target.remote}/${route.target.module}` : route.target.page;
    targets.push({
      route: route.path,
      url,
      layout: route.layout,
      page: page.endsWith('/LanderPage') ? route.path : page,
    });
  }
  // The shell's table and the shared list are the same paths (route-table.paths.test.ts); a scan that skipped a
  // page because the lists drifted would be a silent gap.
  const scannable = new Set(ROUTE_TABLE.map((route) => route.path));
  for (const path of SITE_ROUTE_PATHS)
    expect(scannable.has(path), `${path} is in the shell's route table`).toBe(true);
  return targets;
}

/**
 * The routes scanned again at the phone's width, where the layouts differ: below 992 px the member's bar moves to
 * the bottom and the chat layout drops its list; pages change their own grids. One route per page that draws it
 * (`/premium` and `/pricing` are one page), and for a member only the layouts with the member's bars.
 */
export function phoneTargets(targets: ScanTarget[], member: boolean): ScanTarget[] {
  const seen = new Set<string>();
  return targets.filter((target) => {
    if (member && target.layout !== 'default' && target.layout !== 'chat') return false;
    if (seen.has(target.page)) return false;
    seen.add(target.page);
    return true;
  });
}

/**
 * Goes to `url` inside the running app (a client-side navigation, as a link does: nothing reloads) and waits
 * until the page has drawn its content: no loading bar, spinner or skeleton, and an h1 if the page has one.
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((target) => {
    // Route changes render in a transition: the old page (and its h1) stays until the new one is ready. Marked
    // here, so `settle` can tell the new page's heading from the old one's.
    for (const heading of document.querySelectorAll('h1'))
      heading.setAttribute('data-scan-old', heading.textContent ?? '');
    const previous = (window.history.state ?? {}) as { idx?: number };
    const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (previous.idx ?? 0) + 1 };
    window.history.pushState(state, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }, url);
  await settle(page);
}

export async function settle(page: Page): Promise<void> {
  await expect(page.locator('#root main, #root [data-layout]').first()).toBeAttached();
  await expect(
    page
      .locator('[data-testid="progress-bar"], .spinner-border, .placeholder-glow, [aria-busy="true"]')
      .filter({ visible: true }),
  ).toHaveCount(0);
  // A page without an h1 is a finding of the scan, not a reason to stop it: wait for the new page's h1 (a new
  // element, or the same element with another text), but not for ever. Pages drawn by the same component with
  // the same heading (/premium and /pricing) keep the old one, and wait out the limit.
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('h1')].some(
          (h) => h.getClientRects().length > 0 && h.getAttribute('data-scan-old') !== (h.textContent ?? ''),
        ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  await expect(
    page
      .locator('[data-testid="progress-bar"], .spinner-border, .placeholder-glow, [aria-busy="true"]')
      .filter({ visible: true }),
  ).toHaveCount(0);
}

/** Runs axe over the page and adds its serious/critical violations (and the always-failing rules) to `findings`. */
export async function scan(
  page: Page,
  target: ScanTarget,
  viewport: ViewportName,
  findings: Finding[],
): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    // Details only for violations: axe skips the node lists of passes and inapplicable rules (a faster scan).
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  for (const violation of result.violations) {
    const impact = violation.impact ?? 'unknown';
    if (impact !== 'serious' && impact !== 'critical' && !ALWAYS_FAIL.has(violation.id)) continue;
    findings.push({
      route: target.route,
      url: target.url,
      viewport,
      rule: violation.id,
      impact,
      targets: violation.nodes.map((node) => `${node.target.join(' ')} (${reason(node.failureSummary)})`),
      summary: violation.help,
    });
  }
  // axe's rules only ask for at least one h1 and at most one main; the site promises exactly one of each.
  const counts = await page.evaluate(() => ({
    main: document.querySelectorAll('main, [role="main"]').length,
    h1: [...document.querySelectorAll('h1')].filter((h) => h.getClientRects().length > 0).length,
  }));
  if (counts.main !== 1) {
    findings.push({ ...base(target, viewport), rule: 'one-main', summary: `${counts.main} main landmarks` });
  }
  if (counts.h1 !== 1) {
    findings.push({ ...base(target, viewport), rule: 'one-h1', summary: `${counts.h1} visible h1 headings` });
  }
}

/** The first reason of axe's failure summary ("Element has insufficient color contrast of 1.16 (…)"). */
function reason(summary: string | undefined): string {
  return (
    (summary ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)[1] ?? ''
  );
}

function base(target: ScanTarget, viewport: ViewportName) {
  return { route: target.route, url: target.url, viewport, impact: 'moderate', targets: [] };
}

/** One line per finding (route, viewport, rule, impact, first elements), for the failure message. */
export function formatFindings(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.route} (${f.url}, ${f.viewport}): ${f.rule} [${f.impact}] ${f.summary}` +
        f.targets
          .slice(0, 8)
          .map((target) => `\n    ${target}`)
          .join(''),
    )
    .join('\n');
}

/** Violations per rule (how many page scans showed it), for the log. */
export function perRule(findings: Finding[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const finding of findings) counts[finding.rule] = (counts[finding.rule] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1]));
}
