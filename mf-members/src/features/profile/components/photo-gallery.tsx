import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FREE_PHOTO_LIMIT, ProfilePhoto, type Profile, type ProfileImage } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import styles from './photo-gallery.module.scss';

function photosOf(profile: Profile): ProfileImage[] {
  const all = [...(profile.main_image ? [profile.main_image] : []), ...(profile.images ?? [])];
  return all.filter((image, index) => all.findIndex((other) => other.id === image.id) === index);
}

/** Free members and visitors see the first photos, premium members all of them (docs/product/README.md). */
export function PhotoGallery({ profile, premium }: { profile: Profile; premium: boolean }) {
  const { t } = useTranslation(NS);
  const [selected, setSelected] = useState(0);
  const photos = photosOf(profile);
  const visible = premium ? photos : photos.slice(0, FREE_PHOTO_LIMIT);
  const hidden = Math.max(profile.num_images ?? photos.length, photos.length) - visible.length;
  const current = visible[Math.min(selected, visible.length - 1)] ?? null;

  return (
    <div className={styles.gallery}>
      <div className={styles.main}>
        <ProfilePhoto profile={profile} image={current} size="full" width={600} height={600} eager />
      </div>
      {(visible.length > 1 || hidden > 0) && (
        <ul className={styles.thumbs}>
          {visible.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                className={index === selected ? styles.active : undefined}
                aria-label={t('profile.showPhoto', { number: index + 1 })}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
              >
                <ProfilePhoto profile={profile} image={photo} width={72} height={72} />
              </button>
            </li>
          ))}
          {hidden > 0 && (
            <li>
              <Link to="/premium" className={styles.more}>
                {t('profile.morePhotos', { number: hidden })}
              </Link>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
