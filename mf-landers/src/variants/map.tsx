import { useGetTownDistancesQuery } from '@dating/shared';
import { pageTexts, useLanderTranslation } from '../lib/page-texts';
import { useSite } from '../lib/site';
import { LanderFrame } from '../features/lander/components/lander-frame';
import { ProfilePhoto } from '../features/lander/components/profile-photo';
import { SignupCta } from '../features/lander/components/signup-cta';
import { SignupButton } from '../lib/signup-button';
import { useLanderProfiles } from '../features/lander/hooks/use-lander-profiles';
import type { VariantProps } from './variant-props';
import { placePins } from './map-pins';
import styles from './map.module.scss';

/** This lander's own texts (`landers-map`), registered here so the map of their locale files is in this chunk. */
const TEXTS = pageTexts('map', 'map', {
  da: () => import('../locales/map/da.json'),
  de: () => import('../locales/map/de.json'),
  en: () => import('../locales/map/en.json'),
  es: () => import('../locales/map/es.json'),
  fi: () => import('../locales/map/fi.json'),
  fr: () => import('../locales/map/fr.json'),
  it: () => import('../locales/map/it.json'),
  nb: () => import('../locales/map/nb.json'),
  nl: () => import('../locales/map/nl.json'),
  pl: () => import('../locales/map/pl.json'),
  sv: () => import('../locales/map/sv.json'),
});

/** Pins on the map: the members nearest the centre town, at their real distance (map-pins.ts). */
const PIN_COUNT = 8;
/** Members asked for, of whom the nearest PIN_COUNT are shown. */
const CANDIDATES = 16;

/** A stylised town drawn here (no map tiles, no network): a river, a park, a lake and a few roads. */
function TownMap() {
  return (
    <svg
      className={styles.svg}
      viewBox="0 0 400 300"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="400" height="300" fill="#eef3ea" />
      <path
        d="M0 210 C80 190 120 250 200 230 S330 170 400 190 L400 230 C330 210 280 270 200 262 S70 230 0 250 Z"
        fill="#b9dcf2"
      />
      <ellipse cx="330" cy="70" rx="42" ry="26" fill="#b9dcf2" />
      <path d="M40 40 h90 v60 h-90 Z" fill="#cfe8c4" rx="8" />
      <circle cx="240" cy="130" r="34" fill="#cfe8c4" />
      <g stroke="#fff" strokeWidth="9" strokeLinecap="round" fill="none">
        <path d="M0 120 H400" />
        <path d="M150 0 V300" />
        <path d="M20 280 L380 20" />
        <path d="M260 0 C250 100 300 180 280 300" />
      </g>
      <g stroke="#f3d38a" strokeWidth="4" strokeLinecap="round" fill="none">
        <path d="M0 120 H400" />
        <path d="M150 0 V300" />
      </g>
    </svg>
  );
}

/**
 * `/landers/maplanding`: a map of members around a town of the visitor's country, at their real distances from it
 * (a visitor's own position is not known, so the centre is the first member's town, named on the map); every pin
 * leads to signup.
 */
export default function MapLander({ source }: VariantProps) {
  const { t, i18n } = useLanderTranslation(TEXTS);
  const { settings } = useSite();
  const { profiles, ready } = useLanderProfiles(CANDIDATES);
  const country = settings?.geoip_selected_country ?? settings?.countries[0] ?? 'NL';
  let place = country;
  try {
    place = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(country) ?? country;
  } catch {
    // An old browser without DisplayNames keeps the code.
  }
  const towns = [
    ...new Set(profiles.map((profile) => profile.city).filter((city) => Boolean(city))),
  ] as string[];
  const distances = useGetTownDistancesQuery(
    { country: profiles[0]?.country ?? country, towns },
    { skip: !ready || towns.length === 0 },
  );
  const waiting = !ready || (towns.length > 0 && distances.isLoading);
  const pins = waiting ? [] : placePins(profiles, distances.data, PIN_COUNT);
  const centre = distances.data?.centre ?? null;
  return (
    <LanderFrame page="maplanding" source={source}>
      <header className={styles.header}>
        <h1 className={styles.title} data-testid="lander-title">
          {t('map.title')}
        </h1>
        <p>{t('map.text', { place })}</p>
      </header>
      <div className={styles.map}>
        <TownMap />
        <span className={styles.you} style={{ left: '50%', top: '50%' }} data-testid="map-centre">
          <span className={styles.pulse} aria-hidden="true" />
          {centre ?? t('map.you')}
        </span>
        {pins.map(({ x, y, km, profile }) => (
          <SignupButton
            key={profile.id}
            source={source}
            className={styles.pin}
            style={{ left: `${x}%`, top: `${y}%` }}
            data-testid="map-pin"
            aria-label={km === null ? profile.name : t('map.pin', { name: profile.name, km })}
          >
            <ProfilePhoto profile={profile} lazy={false} className={styles.pinPhoto} />
          </SignupButton>
        ))}
      </div>
      <ul className={styles.list}>
        {/* Reserved rows while the members load, so what is below does not jump when they arrive (CLS). */}
        {waiting &&
          Array.from({ length: PIN_COUNT }, (_, index) => (
            <li key={index} className={styles.listPlaceholder} aria-hidden="true" />
          ))}
        {pins.map(({ km, profile }) => (
          <li key={profile.id} data-testid="map-member">
            <SignupButton source={source}>
              <ProfilePhoto profile={profile} className={styles.listPhoto} />
              <span className={styles.listText}>
                <strong>
                  {profile.name}, {profile.age}
                </strong>
                <span data-testid="map-town">{profile.city ?? profile.region}</span>
              </span>
              {km === null ? null : (
                <span className={styles.km} data-testid="map-km">
                  {t('map.km', { km })}
                </span>
              )}
            </SignupButton>
          </li>
        ))}
      </ul>
      <div className={styles.action}>
        <SignupCta source={source} label={t('map.cta')} />
      </div>
    </LanderFrame>
  );
}
