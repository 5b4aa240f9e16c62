import {
  formatFindings,
  openInApp,
  perRule,
  phoneTargets,
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
 * member, at a desktop viewport, and again at a phone's where the layout differs (`phoneTargets`): no serious or critical violation, exactly one main landmark and one h1 per page. One
 * page per login state; the routes are opened inside the running app, as links do.
 */
for (const member of [false, true]) {
  test(`axe: every route ${member ? 'for the demo member' : 'for a visitor'}, desktop and phone`, async ({
    page,
  }) => {
    test.setTimeout(600_000);
    if (member) await loginViaApi(page);
    const ids = await seededIds(page, member);
    const targets = scanTargets(ids, member);
    const byViewport: Record<ViewportName, typeof targets> = {
      desktop: targets,
      phone: phoneTargets(targets, member),
    };
    const findings: Finding[] = [];

    await page.goto(member ? '/members' : '/');
    await settle(page);
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      for (const target of byViewport[viewport]) {
        await openInApp(page, target.url);
        await scan(page, target, viewport, findings);
      }
    }

    console.log(
      `axe ${member ? 'member' : 'visitor'}: ${targets.length} routes at desktop, ${byViewport.phone.length} at phone, ` +
        `findings per rule ${JSON.stringify(perRule(findings))}`,
    );
    expect(findings, formatFindings(findings)).toEqual([]);
  });
}
