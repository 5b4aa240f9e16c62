import { City } from 'country-state-city';
import { expect, test } from '../../support/fixtures';

// The map lander on a phone: members around a town named on the map, each at the real distance of their town from
// it (the country's place list, the one the seed and signup draw towns from), nearest first.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/**
 * Great-circle distances in km between two towns of one country, from the place list's coordinates, computed here
 * apart from the api's: one per country whose list has both names (a name can exist in more than one country).
 */
function distances(from: string, to: string): number[] {
  const countries = new Set(
    City.getAllCities()
      .filter((c) => c.name === from)
      .map((c) => c.countryCode),
  );
  const result: number[] = [];
  for (const country of countries) {
    const point = (name: string) => {
      const city = City.getCitiesOfCountry(country)!.find((c) => c.name === name);
      return city
        ? { lat: (Number(city.latitude) * Math.PI) / 180, lon: (Number(city.longitude) * Math.PI) / 180 }
        : null;
    };
    const a = point(from);
    const b = point(to);
    if (!a || !b) continue;
    const h =
      Math.sin((b.lat - a.lat) / 2) ** 2 +
      Math.cos(a.lat) * Math.cos(b.lat) * Math.sin((b.lon - a.lon) / 2) ** 2;
    result.push(12742 * Math.asin(Math.sqrt(h)));
  }
  return result;
}

test('the map lander shows members around a named town at their real distances, nearest first', async ({
  page,
}, testInfo) => {
  await page.goto('/landers/maplanding');
  const rows = page.getByTestId('map-member');
  await expect(rows.first()).toBeVisible();
  const centre = (await page.getByTestId('map-centre').innerText()).trim();
  const listed: { town: string; km: number }[] = [];
  for (const row of await rows.all())
    listed.push({
      town: (await row.getByTestId('map-town').innerText()).trim(),
      km: Number(/(\d+)/.exec(await row.getByTestId('map-km').innerText())![1]),
    });
  expect(listed.length).toBeGreaterThanOrEqual(4);
  // Nearest first, each at its town's real distance from the centre.
  expect(listed.map((row) => row.km)).toEqual([...listed.map((row) => row.km)].sort((a, b) => a - b));
  for (const row of listed) {
    const real = distances(centre, row.town);
    expect(
      real.some((d) => Math.abs(d - row.km) <= 1),
      `${row.town}: ${row.km} km from ${centre}, real ${real.join(', ')}`,
    ).toBe(true);
  }
  // Every pin on the map is a member of the list, labelled with the same distance.
  const pins = await page
    .getByTestId('map-pin')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')!));
  expect(pins).toHaveLength(listed.length);
  for (const row of listed) expect(pins.some((label) => label.includes(`${row.km} km`))).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('map-390x844.png'), fullPage: true });
});
