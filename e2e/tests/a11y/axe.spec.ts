import {
  formatFindings,
  openInApp,
  perRule,
  scan,
  scanTargets,
  seededIds,
  settle,
  VIEWPORTS,
  type Finding,
  type ViewportName,
} from '../../support/a11y';
import { expect, test } from '../../support/fixtures';
import { loginViaApi } from '../../support/site';

/**
 * axe (WCAG 2.2 A/AA and best practices) over every route of the route table, for a visitor and for the demo
 * member, at a desktop and a phone viewport (below 992 px the member bar moves to the bottom and the chat list
 * leaves the chat layout): no serious or critical violation, exactly one main landmark and one h1 per page. One
 * page per login state; the routes are opened inside the running app, as links do.
 */
for (const member of [false, true]) {
  test(`axe: every route ${member ? 'for the demo member' : 'for a visitor'}, desktop and phone`, async ({ page }) => {
    test.setTimeout(600_000);
    if (member) await loginViaApi(page);
    const ids = await seededIds(page, member);
    const targets = scanTargets(ids, member);
    const findings: Finding[] = [];

    await page.goto(member ? '/members' : '/');
    await settle(page);
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      for (const target of targets) {
        await openInApp(page, target.url);
        await scan(page, target, viewport, findings);
      }
    }

    console.log(
      `axe ${member ? 'member' : 'visitor'}: ${targets.length} routes × ${Object.keys(VIEWPORTS).length} viewports, ` +
        `findings per rule ${JSON.stringify(perRule(findings))}`,
    );
    expect(findings, formatFindings(findings)).toEqual([]);
  });
}
