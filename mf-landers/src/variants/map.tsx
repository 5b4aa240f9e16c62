import { useTranslation } from 'react-i18next';
import { NS } from '../lib/i18n';
import { useSite } from '../lib/site';
import { LanderFrame } from '../features/lander/components/lander-frame';
import { ProfilePhoto } from '../features/lander/components/profile-photo';
import { SignupCta } from '../features/lander/components/signup-cta';
import { SignupButton } from '../lib/signup-button';
import { useLanderProfiles } from '../features/lander/hooks/use-lander-profiles';
import type { VariantProps } from './variant-props';
import styles from './map.module.scss';

/** Pin positions (percent of the map) and distances: a fixed, pleasant spread around "you" in the middle. */
const PINS = [
  { x: 28, y: 30, km: 2 },
  { x: 68, y: 24, km: 4 },
  { x: 78, y: 58, km: 3 },
  { x: 38, y: 72, km: 5 },
  { x: 16, y: 56, km: 7 },
  { x: 56, y: 84, km: 6 },
  { x: 86, y: 36, km: 9 },
  { x: 50, y: 16, km: 8 },
];

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

/** `/landers/maplanding`: a map of members nearby, with distances; every pin leads to signup. */
export default function MapLander({ source }: VariantProps) {
  const { t, i18n } = useTranslation(NS);
  const { settings } = useSite();
  const { profiles, ready } = useLanderProfiles(PINS.length);
  const country = settings?.geoip_selected_country ?? settings?.countries[0] ?? 'NL';
  let place = country;
  try {
    place = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(country) ?? country;
  } catch {
    // An old browser without DisplayNames keeps the code.
  }
  const pins = PINS.map((pin, index) => ({ ...pin, profile: profiles[index] ?? null }));
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
        <span className={styles.you} style={{ left: '50%', top: '50%' }}>
          <span className={styles.pulse} aria-hidden="true" />
          {t('map.you')}
        </span>
        {pins.map(({ x, y, km, profile }, index) =>
          profile ? (
            <SignupButton
              key={profile.id}
              source={source}
              className={styles.pin}
              style={{ left: `${x}%`, top: `${y}%` }}
              aria-label={t('map.pin', { name: profile.name, km })}
            >
              <ProfilePhoto profile={profile} lazy={false} className={styles.pinPhoto} />
            </SignupButton>
          ) : (
            <span
              key={index}
              className={`${styles.pin} ${styles.pinBlank}`}
              style={{ left: `${x}%`, top: `${y}%` }}
              aria-hidden="true"
            />
          ),
        )}
      </div>
      <ul className={styles.list}>
        {/* Reserved rows while the members load, so what is below does not jump when they arrive (CLS). */}
        {!ready &&
          PINS.map((pin) => <li key={pin.km} className={styles.listPlaceholder} aria-hidden="true" />)}
        {pins
          .filter((pin) => pin.profile)
          .sort((a, b) => a.km - b.km)
          .map(({ km, profile }) => (
            <li key={profile!.id}>
              <SignupButton source={source}>
                <ProfilePhoto profile={profile} className={styles.listPhoto} />
                <span className={styles.listText}>
                  <strong>
                    {profile!.name}, {profile!.age}
                  </strong>
                  <span>{profile!.city ?? profile!.region}</span>
                </span>
                <span className={styles.km}>{t('map.km', { km })}</span>
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
