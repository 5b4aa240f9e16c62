import { useTranslation } from 'react-i18next';
import { PhotoUploader } from '../../photos/components/photo-uploader';
import styles from './signup.module.scss';

export function PhotoStep({ onNext }: { onNext(): void }) {
  const { t } = useTranslation('account');
  return (
    <div>
      <p>{t('signup.photo.intro')}</p>
      <PhotoUploader onUploaded={onNext} />
      <div className={styles.actions}>
        <button type="button" className="btn btn-link" onClick={onNext}>
          {t('signup.skip')}
        </button>
      </div>
    </div>
  );
}
