import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { PHOTO_MAX_BYTES, PHOTO_MIME_TYPES } from '@dating/shared';
import { FormAlert } from './form-alert';
import { SubmitButton } from './submit-button';
import { useErrorTexts } from '../lib/errors';
import { useUploadAccountPhotoMutation } from '../lib/photos-api';
import { checkPhoto, type PhotoProblem } from '../lib/check-photo';
import styles from './photo-uploader.module.scss';
import { useSignupTranslation } from '../lib/i18n';

export interface PhotoUploaderProps {
  /** Called after a successful upload. */
  onUploaded?(): void;
  /** When the member reached the limit the picker is replaced by the limit message. */
  limitReached?: boolean;
}

export function PhotoUploader({ onUploaded, limitReached = false }: PhotoUploaderProps) {
  const { t } = useSignupTranslation();
  const errorTexts = useErrorTexts();
  const inputId = useId();
  const [upload, { isLoading, error, reset }] = useUploadAccountPhotoMutation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<PhotoProblem | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return undefined;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    reset();
    const picked = event.target.files?.[0] ?? null;
    setPreview(null);
    if (!picked) {
      setFile(null);
      setProblem(null);
      return;
    }
    const found = checkPhoto(picked);
    setProblem(found);
    setFile(found ? null : picked);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    const result = await upload(file);
    if ('data' in result) {
      setFile(null);
      setPreview(null);
      onUploaded?.();
    }
  }

  if (limitReached) return <FormAlert kind="warning">{t('errors.photo_limit')}</FormAlert>;

  const problemText =
    problem === 'type'
      ? t('photos.wrongType')
      : problem === 'size'
        ? t('photos.tooLarge', { max: Math.round(PHOTO_MAX_BYTES / 1024 / 1024) })
        : null;

  return (
    <form onSubmit={submit} noValidate>
      {error ? <FormAlert>{errorTexts.server(error)}</FormAlert> : null}
      <div className="mb-3">
        <span className="form-label d-block" id={`${inputId}-label`}>
          {t('photos.choose')}
        </span>
        {/* The browser's own file button speaks the browser's language ("Choose File / No file chosen"): hidden,
            and a translated, styled picker in its place that opens it. */}
        <div className={`${styles.picker}${problemText ? ` ${styles.pickerInvalid}` : ''}`}>
          <label htmlFor={inputId} className={`btn btn-outline-primary ${styles.pickerButton}`}>
            {file ? t('photos.pickOther') : t('photos.pick')}
          </label>
          <span className={styles.pickerName} aria-live="polite">
            {file ? file.name : t('photos.nonePicked')}
          </span>
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={PHOTO_MIME_TYPES.join(',')}
            onChange={pick}
            aria-labelledby={`${inputId}-label`}
            aria-invalid={problemText ? true : undefined}
            aria-describedby={problemText ? `${inputId}-error` : undefined}
          />
        </div>
        {problemText ? (
          <div id={`${inputId}-error`} className="invalid-feedback d-block">
            {problemText}
          </div>
        ) : null}
      </div>
      {preview ? <img src={preview} alt={t('photos.previewAlt')} className={styles.preview} /> : null}
      <SubmitButton pending={isLoading} disabled={!file}>
        {t('photos.upload')}
      </SubmitButton>
    </form>
  );
}
