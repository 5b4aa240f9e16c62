import { ProfilePhoto } from '@dating/shared';
import { FormAlert } from '../../../components/form-alert';
import { useErrorTexts } from '../../../lib/errors';
import {
  useDeleteAccountPhotoMutation,
  useGetAccountPhotosQuery,
  useSetAccountMainPhotoMutation,
} from '../../../lib/photos-api';
import { PhotoUploader } from '../../../components/photo-uploader';
import styles from './photos.module.scss';
import { useAccountTranslation } from '../../../lib/i18n';

/** The member's photos: upload, choose the main one, delete; new ones show 'photo is being checked'. */
export function PhotoManager() {
  const { t } = useAccountTranslation();
  const errorTexts = useErrorTexts();
  const { data, isLoading, error } = useGetAccountPhotosQuery();
  const [setMain, mainState] = useSetAccountMainPhotoMutation();
  const [remove, removeState] = useDeleteAccountPhotoMutation();

  if (isLoading)
    return <div className="spinner-border spinner-border-sm" role="status" aria-label={t('loading')} />;
  if (error || !data) return <FormAlert>{errorTexts.server(error)}</FormAlert>;

  const actionError = mainState.error ?? removeState.error;
  const busy = mainState.isLoading || removeState.isLoading;

  return (
    <div>
      <p className="text-muted small">
        {t('photos.count', { count: data.photos.length, limit: data.limit })}
      </p>
      {actionError ? <FormAlert>{errorTexts.server(actionError)}</FormAlert> : null}
      {data.photos.length === 0 ? <p>{t('photos.none')}</p> : null}
      <ul className={styles.grid}>
        {data.photos.map((photo) => (
          <li key={photo.id} className={`${styles.item} ${photo.main ? styles.main : ''}`}>
            {/* The member's own photos: one under inspection is shown with the shared 'photo is being checked' marker. */}
            <ProfilePhoto
              profile={{ name: t('photos.photoAlt'), main_image: null }}
              image={photo}
              owner
              alt={t('photos.photoAlt')}
              className={styles.image}
            />
            {photo.main ? (
              <span className={`badge text-bg-primary ${styles.badge}`}>{t('photos.main')}</span>
            ) : null}
            <div className={styles.itemActions}>
              {photo.main ? null : (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  disabled={busy}
                  onClick={() => void setMain(photo.id)}
                >
                  {t('photos.makeMain')}
                </button>
              )}
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                disabled={busy}
                onClick={() => {
                  if (window.confirm(t('photos.confirmDelete'))) void remove(photo.id);
                }}
              >
                {t('photos.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <PhotoUploader limitReached={data.photos.length >= data.limit} />
    </div>
  );
}
