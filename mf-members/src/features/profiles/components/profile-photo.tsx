import { useTranslation } from 'react-i18next';
import type { ProfileImage } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import styles from './profile-photo.module.scss';

interface ProfilePhotoProps {
  image: ProfileImage | null;
  name: string;
  /** Intrinsic size, so the browser reserves the space (no layout shift). */
  width: number;
  height: number;
  full?: boolean;
  eager?: boolean;
}

/** A profile photo, a placeholder when there is none, or the 'photo is being checked' state (docs/product/member-model.md). */
export function ProfilePhoto({ image, name, width, height, full = false, eager = false }: ProfilePhotoProps) {
  const { t } = useTranslation(NS);
  if (!image) {
    return (
      <div className={styles.placeholder} role="img" aria-label={t('photo.none', { name })}>
        <span aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>
      </div>
    );
  }
  if (image.status === 'inspection') {
    return (
      <div className={styles.placeholder}>
        <span className={styles.checking}>{t('photo.checking')}</span>
      </div>
    );
  }
  return (
    <img
      className={styles.photo}
      src={full ? image.filename : image.thumb_filename}
      alt={t('photo.alt', { name })}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
