import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, Spinner } from '@dating/shared';
import type { StaffConversation, StaffReplyRequest } from '@dating/shared/contract/staff';
import { useReplyMutation } from '../api/queue';
import { clientId } from '../../../lib/format';
import { NS } from '../../../lib/i18n';

type ReplyKind = 'text' | 'gift' | 'photo';

/** The reply as the fictional profile: a text, a gift, or a photo of the profile's album, sent once by its client id. */
export function ReplyForm({ id, conversation }: { id: number; conversation: StaffConversation }) {
  const { t } = useTranslation(NS);
  const [reply, { isLoading, error }] = useReplyMutation();
  const [kind, setKind] = useState<ReplyKind>('text');
  const [text, setText] = useState('');
  const [gift, setGift] = useState<number | undefined>();
  const [photo, setPhoto] = useState<number | undefined>();
  // One key per message being written: a retry after a network error cannot send it twice.
  const key = useRef(clientId());
  const ready =
    kind === 'text' ? text.trim().length > 0 : kind === 'gift' ? gift !== undefined : photo !== undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const body: StaffReplyRequest = { client_id: key.current, type: kind };
    if (kind === 'text') body.text = text.trim();
    if (kind === 'gift') body.gift_id = gift;
    if (kind === 'photo') body.album_photo_id = photo;
    const result = await reply({ id, body });
    if (result.data) {
      key.current = clientId();
      setText('');
      setGift(undefined);
      setPhoto(undefined);
      setKind('text');
    }
  };

  return (
    <form className="mt-3" onSubmit={(event) => void submit(event)} aria-labelledby="reply-heading">
      <h2 id="reply-heading" className="h6">
        {t('conversation.replyAs', { name: conversation.fictional.name })}
      </h2>
      <fieldset className="mb-2">
        <legend className="visually-hidden">{t('conversation.kind')}</legend>
        {(['text', 'gift', 'photo'] as const).map((option) => (
          <div className="form-check form-check-inline" key={option}>
            <input
              className="form-check-input"
              type="radio"
              name="reply-kind"
              id={`reply-kind-${option}`}
              checked={kind === option}
              onChange={() => setKind(option)}
            />
            <label className="form-check-label" htmlFor={`reply-kind-${option}`}>
              {t(`conversation.kinds.${option}`)}
            </label>
          </div>
        ))}
      </fieldset>
      {kind === 'gift' ? (
        <fieldset className="mb-2">
          <legend className="form-label fs-6">{t('conversation.pickGift')}</legend>
          <div className="d-flex flex-wrap gap-2">
            {conversation.gifts.map((item) => (
              <label
                key={item.id}
                className={`btn btn-sm ${gift === item.id ? 'btn-primary' : 'btn-outline-secondary'}`}
              >
                <input
                  type="radio"
                  className="visually-hidden"
                  name="reply-gift"
                  checked={gift === item.id}
                  onChange={() => setGift(item.id)}
                />
                <img src={item.image} alt="" width={32} height={32} /> {item.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {kind === 'photo' ? (
        <fieldset className="mb-2">
          <legend className="form-label fs-6">{t('conversation.pickPhoto')}</legend>
          {conversation.fictional.album.length === 0 ? (
            <p className="small">{t('conversation.noAlbum')}</p>
          ) : null}
          <div className="d-flex flex-wrap gap-2">
            {conversation.fictional.album.map((item, index) => (
              <label
                key={item.id}
                className={`border rounded p-1 ${photo === item.id ? 'border-primary border-3' : ''}`}
              >
                <input
                  type="radio"
                  className="visually-hidden"
                  name="reply-photo"
                  checked={photo === item.id}
                  onChange={() => setPhoto(item.id)}
                />
                <img
                  src={item.thumb_url}
                  alt={t('conversation.albumPhoto', { number: index + 1 })}
                  className="staff-thumb"
                />
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {kind === 'text' ? (
        <>
          <label htmlFor="reply-text" className="form-label">
            {t('conversation.message')}
          </label>
          <textarea
            id="reply-text"
            className="form-control mb-2"
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </>
      ) : null}
      <ErrorAlert error={error} />
      <button type="submit" className="btn btn-primary" disabled={isLoading || !ready}>
        {isLoading ? <Spinner small /> : null} {t('conversation.send')}
      </button>
    </form>
  );
}
