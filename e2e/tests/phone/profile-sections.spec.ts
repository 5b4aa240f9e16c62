import { createActiveMember } from '../../support/account';
import { expect, test } from '../../support/fixtures';
import { getJson } from '../../support/site';

// The profile page on a 390 × 844 phone: one section at a time (profile, photos, notifications, account), each
// with its own address and title, reached from the tabs at the top without scrolling.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const SECTIONS = [
  { tab: 'Profiel', path: '/profile', title: 'Mijn profiel', region: 'Profielgegevens' },
  { tab: "Foto's", path: '/profile?tab=photos', title: "Mijn foto's", region: "Foto's" },
  { tab: 'Meldingen', path: '/profile?tab=notifications', title: 'Meldingen', region: 'Meldingen' },
  { tab: 'Account', path: '/profile?tab=account', title: 'Instellingen', region: 'Account verwijderen' },
] as const;

test('each profile section opens from its own address and from its tab, with its own title', async ({
  page,
}, testInfo) => {
  await createActiveMember(page.request, 'profile-sections');
  const { name } = await getJson<{ name: string }>(page.request, '/api/settings.php');
  const heights: Record<string, number> = {};

  for (const section of SECTIONS) {
    await page.goto(section.path);
    await expect(page.getByRole('region', { name: section.region, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^(\\(\\d+\\+?\\) )?${section.title} - ${name}$`));
    const tabs = page.getByRole('navigation', { name: 'Onderdelen van je profiel' });
    // Every tab fits on the first screen, next to each other.
    for (const other of SECTIONS) {
      const box = (await tabs.getByRole('link', { name: other.tab, exact: true }).boundingBox())!;
      expect(box.y + box.height, other.tab).toBeLessThan(844);
      expect(box.x + box.width, other.tab).toBeLessThanOrEqual(390);
    }
    await expect(tabs.getByRole('link', { name: section.tab, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    heights[section.tab] = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.screenshot({
      path: testInfo.outputPath(`profile-${section.path.split('=')[1] ?? 'profile'}.png`),
      fullPage: true,
    });
  }
  testInfo.annotations.push({ type: 'page heights (px)', description: JSON.stringify(heights) });
  console.log(`profile section heights at 390 × 844: ${JSON.stringify(heights)}`);
  // The single page was about 5,700 px, the profile form alone 3,850 with its fifty interests open; folded to one
  // line, the longest section stays under three screens.
  for (const [tab, height] of Object.entries(heights)) expect(height, tab).toBeLessThan(3 * 844);

  // The interests line opens to the chips.
  await page.goto('/profile');
  const trio = page.getByRole('checkbox', { name: /Trio/ });
  await expect(trio).toBeHidden();
  await page.locator('summary').filter({ hasText: 'Interesses' }).tap();
  await expect(trio).toBeVisible();

  // The tabs switch in place: from the profile to the account section and its deletion offer.
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Account verwijderen' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Account', exact: true }).tap();
  await expect(page).toHaveURL(/\/profile\?tab=account$/);
  await expect(page).toHaveTitle(new RegExp(`Instellingen - ${name}$`));
  await page.getByRole('button', { name: 'Ik wil mijn account verwijderen' }).tap();
  await expect(page.getByText('Blijf en krijg 50% korting op credits.')).toBeVisible();
});
