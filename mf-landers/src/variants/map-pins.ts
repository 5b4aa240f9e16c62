/** What the api says of the towns on the map (`GET /api/town-distances.php`). */
export interface TownDistances {
  centre: string | null;
  towns: { name: string; km: number; bearing: number }[];
}

export interface Pin<P> {
  profile: P;
  /** Percent of the map's width and height. */
  x: number;
  y: number;
  /** Whole kilometres from the centre town, or null when the member's town is not on the country's place list. */
  km: number | null;
}

/** Where pins go when distances are not known: a fixed spread around the middle, no distance claimed. */
const SPREAD = [
  [28, 30],
  [68, 24],
  [78, 58],
  [38, 72],
  [16, 56],
  [56, 84],
  [86, 36],
  [50, 16],
] as const;

/** Pins stay this far (percent) from the middle, where the centre's label is, and from the map's edges. */
const INNER = 14;
const OUTER = 40;

/**
 * The map lander's pins: the members nearest the centre town (the first town the api knew), at their real distance
 * and bearing from it, scaled so the farthest shown sits near the map's edge; members of the same town are fanned out
 * around it. Without distances, the first members in a fixed spread and no kilometres. At most `count` pins.
 */
export function placePins<P extends { city?: string | null }>(
  profiles: readonly P[],
  distances: TownDistances | null | undefined,
  count: number,
): Pin<P>[] {
  const byTown = new Map(distances?.towns.map((town) => [town.name.toLocaleLowerCase(), town]));
  const known = distances?.centre
    ? profiles
        .map((profile) => ({ profile, town: byTown.get((profile.city ?? '').trim().toLocaleLowerCase()) }))
        .filter((entry) => entry.town !== undefined)
        .sort((a, b) => a.town!.km - b.town!.km)
        .slice(0, count)
    : [];
  if (known.length === 0) {
    return profiles.slice(0, Math.min(count, SPREAD.length)).map((profile, index) => ({
      profile,
      x: SPREAD[index]![0],
      y: SPREAD[index]![1],
      km: null,
    }));
  }
  const farthest = Math.max(1, ...known.map((entry) => entry.town!.km));
  const perTown = new Map<string, number>();
  return known.map(({ profile, town }) => {
    const nth = perTown.get(town!.name) ?? 0;
    perTown.set(town!.name, nth + 1);
    // Members of one town share its point: each next one a little further round, so no photo hides another.
    const angle = ((town!.bearing + nth * 55) * Math.PI) / 180;
    const radius = INNER + (OUTER - INNER) * (town!.km / farthest);
    return {
      profile,
      x: Math.round(50 + Math.sin(angle) * radius),
      y: Math.round(50 - Math.cos(angle) * radius),
      km: town!.km,
    };
  });
}
