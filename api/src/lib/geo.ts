import { City, Country, State } from 'country-state-city';
import type { GeocodeResponse, Region } from '@dating/shared/contract/index';
import { localRegionName } from './region-names';

type GeoipLookup = (ip: string) => { country: string } | null;
let geoip: GeoipLookup | null = null;

function isPrivate(ip: string): boolean {
  return (
    ip === '::1' ||
    ip.startsWith('127.') ||
    ip.startsWith('10.') ||
    ip.startsWith('192.168.') ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(ip) ||
    ip.startsWith('fe80:') ||
    ip.startsWith('fc') ||
    ip.startsWith('fd') ||
    ip === '::ffff:127.0.0.1'
  );
}

/** Visitor country from the offline IP database; null for loopback/private addresses. */
export function countryForIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const clean = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isPrivate(clean)) return null;
  // Loaded on first use: the database costs memory and start-up time.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  geoip ??= (require('geoip-country') as { lookup: GeoipLookup }).lookup;
  return geoip(clean)?.country ?? null;
}

/** Entries of the data set that are not a region a member lives in: overseas islands, groupings of provinces. */
const NOT_REGIONS: Record<string, readonly string[]> = { NL: ['BQ1', 'BQ2', 'BQ3'], BE: ['VLG', 'WAL'] };

export function regionsOf(country: string): Region[] {
  const code = country.toUpperCase();
  const skip = NOT_REGIONS[code] ?? [];
  return State.getStatesOfCountry(code)
    .filter((s) => !skip.includes(s.isoCode))
    .map((s) => ({
      country: s.countryCode,
      code: s.isoCode,
      name: localRegionName(s.countryCode, s.isoCode, s.name),
    }));
}

export function isCountry(code: string): boolean {
  return Boolean(Country.getCountryByCode(code.toUpperCase()));
}

interface CityPoint {
  name: string;
  country: string;
  state: string;
  lat: number;
  lon: number;
}
let grid: Map<string, CityPoint[]> | null = null;
const CELL = 1; // degrees
const ADMIN_PREFIX =
  /^(Gemeente|Landkreis|Kreisfreie Stadt|Regierungsbezirk|Provincia di|Arrondissement|Municipio|Comune di|Kommune) /;

interface Town {
  /** As the place list writes it. */
  name: string;
  /** Null where the list has no coordinates for it. */
  point: { lat: number; lon: number } | null;
}
/** Per country (built on first use): its place list's towns by lower-case name, the first with coordinates kept. */
const townIndexes = new Map<string, Map<string, Town>>();

function townIndex(country: string): Map<string, Town> {
  const code = country.toUpperCase();
  let towns = townIndexes.get(code);
  if (!towns) {
    towns = new Map();
    for (const c of City.getCitiesOfCountry(code) ?? []) {
      if (ADMIN_PREFIX.test(c.name)) continue;
      const key = c.name.toLocaleLowerCase();
      if (towns.get(key)?.point) continue;
      const lat = Number(c.latitude);
      const lon = Number(c.longitude);
      towns.set(key, {
        name: c.name,
        point: Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : null,
      });
    }
    townIndexes.set(code, towns);
  }
  return towns;
}

/**
 * The town of the country's place list (the data set's cities, without administrative areas) with this name, as
 * the list writes it ('amsterdam' → 'Amsterdam'); null when the country has no such place.
 */
export function townOf(country: string, name: string): string | null {
  return townIndex(country).get(name.trim().toLocaleLowerCase())?.name ?? null;
}

/** The towns of a region (its code) or of a whole country, sorted, each name once: what a profile may name. */
export function townsOf(country: string, region?: string): string[] {
  const code = country.toUpperCase();
  const cities = region ? City.getCitiesOfState(code, region.toUpperCase()) : City.getCitiesOfCountry(code);
  const names = new Set((cities ?? []).map((c) => c.name).filter((name) => !ADMIN_PREFIX.test(name)));
  return [...names].sort((a, b) => a.localeCompare(b));
}

function cellKey(lat: number, lon: number) {
  return `${Math.floor(lat / CELL)}:${Math.floor(lon / CELL)}`;
}

/** All cities bucketed in 1° cells, built once (about 150k points). */
function cityGrid(): Map<string, CityPoint[]> {
  if (grid) return grid;
  grid = new Map();
  for (const c of City.getAllCities()) {
    // Administrative areas sit next to the town itself in the data set; keep the town.
    if (ADMIN_PREFIX.test(c.name)) continue;
    const lat = Number(c.latitude);
    const lon = Number(c.longitude);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const key = cellKey(lat, lon);
    let bucket = grid.get(key);
    if (!bucket) grid.set(key, (bucket = []));
    bucket.push({ name: c.name, country: c.countryCode, state: c.stateCode, lat, lon });
  }
  return grid;
}

function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number) {
  const r = Math.PI / 180;
  const dLat = (bLat - aLat) * r;
  const dLon = (bLon - aLon) * r;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(dLon / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

/** Offline reverse geocoding: the nearest known city within ~3°; null when nothing is near (open sea). */
export function reverseGeocode(lat: number, lon: number): GeocodeResponse | null {
  const g = cityGrid();
  let best: CityPoint | null = null;
  let bestKm = Infinity;
  for (let ring = 1; ring <= 3 && !best; ring++) {
    for (let dy = -ring; dy <= ring; dy++) {
      for (let dx = -ring; dx <= ring; dx++) {
        const bucket = g.get(`${Math.floor(lat / CELL) + dy}:${Math.floor(lon / CELL) + dx}`);
        for (const p of bucket ?? []) {
          const km = distanceKm(lat, lon, p.lat, p.lon);
          if (km < bestKm) {
            bestKm = km;
            best = p;
          }
        }
      }
    }
  }
  if (!best) return null;
  const state = State.getStateByCodeAndCountry(best.state, best.country);
  return {
    country: best.country,
    region: state ? localRegionName(best.country, state.isoCode, state.name) : null,
    region_code: best.state || null,
    city: best.name,
  };
}

/** A town of a country's place list by name (any case), with its coordinates; null when the list has no such town. */
function townPoint(country: string, name: string): { name: string; lat: number; lon: number } | null {
  const town = townIndex(country).get(name.trim().toLocaleLowerCase());
  return town?.point ? { name: town.name, ...town.point } : null;
}

/** Initial compass bearing from a to b, in whole degrees clockwise from north (0–359). */
function bearing(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const r = Math.PI / 180;
  const y = Math.sin((bLon - aLon) * r) * Math.cos(bLat * r);
  const x =
    Math.cos(aLat * r) * Math.sin(bLat * r) -
    Math.sin(aLat * r) * Math.cos(bLat * r) * Math.cos((bLon - aLon) * r);
  return Math.round(((Math.atan2(y, x) / r) % 360) + 360) % 360;
}

/**
 * Real distances between towns of one country's place list: each town's distance (whole km) and bearing from the
 * first town the list knows, which is the centre. Towns the list does not know are left out; null when it knows
 * none. What the map lander places its members by (a visitor's own position is not known, only their country).
 */
export function townDistances(
  country: string,
  towns: readonly string[],
): { centre: string; towns: { name: string; km: number; bearing: number }[] } | null {
  const known = towns.map((town) => townPoint(country, town)).filter((point) => point !== null);
  const centre = known[0];
  if (!centre) return null;
  const seen = new Set<string>();
  const result = [];
  for (const point of known) {
    if (seen.has(point.name)) continue;
    seen.add(point.name);
    result.push({
      name: point.name,
      km: Math.round(distanceKm(centre.lat, centre.lon, point.lat, point.lon)),
      bearing: point === centre ? 0 : bearing(centre.lat, centre.lon, point.lat, point.lon),
    });
  }
  return { centre: centre.name, towns: result };
}
