import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, Spinner } from '@dating/shared';
import { STAFF_REASON_MAX_LENGTH } from '@dating/shared/contract/values/staff';
import type { StaffPendingPhoto } from '@dating/shared/contract/staff';
import { usePhotoApproveMutation, usePhotoRejectMutation, usePhotosQuery } from '../api/moderation';
import { useFormat } from '../../../lib/format';
import { NS } from '../../../lib/i18n';
import { PageTitle } from '../../../components/page-title';
import { SiteFilter } from '../../../components/site-filter';

/** Photos under inspection, oldest first: approve (visible at once) or reject with a reason the member is mailed. */
export default function PhotosPage() {
  const { t } = useTranslation(NS);
  const [site, setSite] = useState<number | undefined>();
  const photos = usePhotosQuery({ site });
  return (
    <>
      <PageTitle>{t('photos.title')}</PageTitle>
      <div className="mb-3">
        <SiteFilter id="photos-site" value={site} onChange={setSite} />
      </div>
      <ErrorAlert error={photos.error} />
      {photos.isLoading ? <Spinner block label={t('common.loading')} /> : null}
      {photos.data?.photos.length === 0 ? <p>{t('photos.empty')}</p> : null}
      <ul className="row g-3 list-unstyled">
        {photos.data?.photos.map((photo) => (
          <li key={photo.id} className="col-12 col-sm-6 col-lg-4 col-xl-3">
            <PhotoCard photo={photo} />
          </li>
        ))}
      </ul>
    </>
  );
}

function PhotoCard({ photo }: { photo: StaffPendingPhoto }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const [approve, approving] = usePhotoApproveMutation();
  const [reject, rejecting] = usePhotoRejectMutation();
  const [rejectOpen, setRejectOpen] = useState(false);
  const [reason, setReason] = useState('');
  const busy = approving.isLoading || rejecting.isLoading;
  const reasonId = `reject-reason-${photo.id}`;

  const submitReject = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) await reject({ id: photo.id, reason: reason.trim() });
  };

  return (
    <article className="card h-100" data-testid="pending-photo" aria-labelledby={`photo-${photo.id}`}>
      <a href={photo.url} target="_blank" rel="noreferrer">
        <img
          src={photo.thumb_url}
          alt={t('photos.alt', { name: photo.member.name })}
          className="card-img-top staff-photo"
        />
      </a>
      <div className="card-body">
        <h2 id={`photo-${photo.id}`} className="h6 mb-1">
          {photo.member.name}
        </h2>
        <p className="small text-body-secondary mb-2">
          {photo.site.name} · {photo.member.locale} · {format.dateTime(photo.uploaded_at)}
        </p>
        <ErrorAlert error={approving.error ?? rejecting.error} />
        {rejectOpen ? (
          <form onSubmit={(event) => void submitReject(event)}>
            <label htmlFor={reasonId} className="form-label small">
              {t('photos.reason')}
            </label>
            <textarea
              id={reasonId}
              className="form-control form-control-sm mb-2"
              rows={2}
              maxLength={STAFF_REASON_MAX_LENGTH}
              required
              autoFocus
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <div className="d-flex gap-2">
              <button type="submit" className="btn btn-sm btn-danger" disabled={busy || !reason.trim()}>
                {t('photos.confirmReject')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => setRejectOpen(false)}
              >
                {t('common.cancel')}
              </button>
            </div>
          </form>
        ) : (
          <div className="d-flex gap-2">
            <button
              type="button"
              className="btn btn-sm btn-success"
              disabled={busy}
              onClick={() => void approve(photo.id)}
              aria-label={t('photos.approveLabel', { name: photo.member.name })}
            >
              {t('photos.approve')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              disabled={busy}
              onClick={() => setRejectOpen(true)}
              aria-label={t('photos.rejectLabel', { name: photo.member.name })}
            >
              {t('photos.reject')}
            </button>
          </div>
        )}
      </div>
    </article>
  );
}
