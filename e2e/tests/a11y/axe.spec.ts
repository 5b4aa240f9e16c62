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
 * member, at a desktop viewport, and again at a phone's where the layout differs (`phoneTargets`): no serious or
 * critical violation, exactly one main landmark and one h1 per page. One page per login state and viewport (four
 * tests, which a whole run spreads over its workers); the routes are opened inside the running app, as links do.
 */
test.describe.configure({ mode: 'parallel' });

for (const member of [false, true]) {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    test(`axe: every route ${member ? 'for the demo member' : 'for a visitor'}, ${viewport}`, async ({
      page,
    }) => {
      test.setTimeout(600_000);
      await page.setViewportSize(VIEWPORTS[viewport]);
      if (member) await loginViaApi(page);
      const ids = await seededIds(page, member);
      const all = scanTargets(ids, member);
      const targets = viewport === 'phone' ? phoneTargets(all, member) : all;
      const findings: Finding[] = [];

      await page.goto(member ? '/members' : '/');
      await settle(page);
      for (const target of targets) {
        await openInApp(page, target.url);
        await scan(page, target, viewport, findings);
      }

      console.log(
        `axe ${member ? 'member' : 'visitor'} ${viewport}: ${targets.length} routes, ` +
          `findings per rule ${JSON.stringify(perRule(findings))}`,
      );
      expect(findings, formatFindings(findings)).toEqual([]);
    });
  }
}
