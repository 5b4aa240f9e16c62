import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorAlert, type ChatPhoto, type Gift } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { useUploadChatPhotoMutation } from '../api/messages-api';
import { GiftPicker } from './gift-picker';
import styles from './composer.module.scss';

export interface ComposerProps {
  maxLength: number;
  cost: number | null;
  /** The site's minimum message price in the payment country, formatted (settings minimum_message_costs). */
  minimumPrice?: string | null;
  onText: (text: string) => void;
  /** Without it (a visitor's composer) there is no gift button. */
  onGift?: (gift: Gift) => void;
  /** Without it (a visitor's composer) there is no photo button. */
  onPhoto?: (photo: ChatPhoto) => void;
  onTyping?: () => void;
  /** The member's credits (null for a visitor): shown beside the price, with a way to buy when it is too low. */
  balance?: number | null;
  /** What a chat photo costs (settings photo_credits). */
  photoCost?: number | null;
  /** Where to buy credits (and come back here after paying). */
  buyTo?: string;
}

/** The chat layout's send-message footer (docs/product/routes-and-layouts.md): Enter sends, Shift+Enter starts a new line. */
export function Composer({
  maxLength,
  cost,
  minimumPrice = null,
  onText,
  onGift,
  onPhoto,
  onTyping,
  balance = null,
  photoCost = null,
  buyTo = '/credits',
}: ComposerProps) {
  const { t } = useTranslation(NS);
  const [text, setText] = useState('');
  const [giftsOpen, setGiftsOpen] = useState(false);
  // A picked photo waits here, shown with its price, until the member confirms it (nothing is charged before).
  const [picked, setPicked] = useState<ChatPhoto | null>(null);
  const [upload, uploadState] = useUploadChatPhotoMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const counterId = useId();
  const blank = text.trim() === '';

  const submit = () => {
    if (blank || text.length > maxLength) return;
    onText(text.trim());
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const result = await upload(file);
    if ('data' in result && result.data) setPicked(result.data.photo);
    if (fileInput.current) fileInput.current.value = '';
  };
  const tooFewFor = (credits: number | null) => balance !== null && credits !== null && balance < credits;

  return (
    <footer className={styles.footer}>
      {uploadState.isError && <ErrorAlert error={uploadState.error} className="py-2 mb-2" />}
      {picked && (
        <section
          className={styles.preview}
          aria-label={t('composer.photoPreview')}
          data-testid="photo-preview"
        >
          <img src={picked.thumb_url} alt={t('composer.photoPreview')} width={72} height={72} />
          <div className={styles.previewText}>
            <p className="mb-1">{t('composer.photoCost', { credits: photoCost ?? 0 })}</p>
            {tooFewFor(photoCost) && (
              <p className="mb-1 text-danger">
                {t('composer.tooFew', { credits: balance ?? 0 })} <Link to={buyTo}>{t('composer.buy')}</Link>
              </p>
            )}
            <div className="d-flex gap-2">
              {!tooFewFor(photoCost) && (
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  onClick={() => {
                    onPhoto?.(picked);
                    setPicked(null);
                  }}
                >
                  {t('composer.photoSend')}
                </button>
              )}
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => setPicked(null)}
              >
                {t('composer.photoCancel')}
              </button>
            </div>
          </div>
        </section>
      )}
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {(onGift || onPhoto) && (
          <div className={styles.tools}>
            {onGift && (
              <button
                type="button"
                className="btn btn-outline-secondary"
                onClick={() => setGiftsOpen(true)}
                aria-label={t('composer.gift')}
                title={t('composer.gift')}
              >
                <span aria-hidden="true">🎁</span>
              </button>
            )}
            {onPhoto && (
              <label className="btn btn-outline-secondary mb-0" title={t('composer.photo')}>
                <span aria-hidden="true">{uploadState.isLoading ? '…' : '📷'}</span>
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  className="visually-hidden"
                  aria-label={t('composer.photo')}
                  disabled={uploadState.isLoading}
                  onChange={(event) => void onFile(event.target.files?.[0])}
                />
              </label>
            )}
          </div>
        )}
        <div className={styles.field}>
          <textarea
            className="form-control"
            rows={1}
            value={text}
            maxLength={maxLength}
            aria-label={t('composer.label')}
            aria-describedby={counterId}
            placeholder={t('composer.placeholder')}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value.trim()) onTyping?.();
            }}
            onKeyDown={onKeyDown}
          />
          <small
            id={counterId}
            className={styles.counter}
            aria-label={t('composer.counterLabel', { count: text.length, max: maxLength })}
          >
            {text.length}/{maxLength}
            {cost !== null && (
              <span className="ms-2">
                {minimumPrice
                  ? t('composer.costFrom', { credits: cost, price: minimumPrice })
                  : t('composer.cost', { credits: cost })}
              </span>
            )}
          </small>
          {balance !== null && (
            <small className={styles.balance}>
              <span
                className={tooFewFor(cost) ? 'text-danger fw-semibold' : undefined}
                data-testid="composer-balance"
              >
                {t('composer.balance', { credits: Math.max(0, balance) })}
              </span>
              <Link to={buyTo} className="ms-2">
                {t('composer.buy')}
              </Link>
            </small>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={blank}>
          {t('composer.send')}
        </button>
      </form>
      {onGift && (
        <GiftPicker
          balance={balance}
          buyTo={buyTo}
          open={giftsOpen}
          onClose={() => setGiftsOpen(false)}
          onPick={(gift) => {
            setGiftsOpen(false);
            onGift(gift);
          }}
        />
      )}
    </footer>
  );
}
