import { PhotoUploader } from '../../../components/photo-uploader';
import styles from './signup.module.scss';
import { useSignupTranslation } from '../../../lib/i18n';

export function PhotoStep({ onNext }: { onNext(): void }) {
  const { t } = useSignupTranslation();
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
