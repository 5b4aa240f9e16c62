import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorAlert, LOCALES, Spinner, type Locale } from '@dating/shared';
import { useClaimMutation, useQueueQuery } from '../api/queue';
import { useFormat } from '../../../lib/format';
import { NS } from '../../../lib/i18n';
import { useStaff } from '../../../lib/staff-context';
import { PageTitle } from '../../../components/page-title';
import { SiteFilter } from '../../../components/site-filter';

/** Queue polling: new member messages appear without a reload. */
const QUEUE_POLL_MS = 15_000;

/**
 * Conversations with a fictional profile waiting for a reply, oldest first, per site and locale. 'Answer next'
 * claims the oldest free one; 'Answer' claims a given one. A claim another operator holds shows who.
 */
export default function QueuePage() {
  const { t } = useTranslation(NS);
  const { base } = useStaff();
  const format = useFormat();
  const navigate = useNavigate();
  const [site, setSite] = useState<number | undefined>();
  const [locale, setLocale] = useState<Locale | undefined>();
  const queue = useQueueQuery({ site, locale }, { pollingInterval: QUEUE_POLL_MS });
  const [claim, claiming] = useClaimMutation();

  const open = async (conversation?: number) => {
    const result = await claim({ conversation, site, locale });
    if (result.data) navigate(`${base}/queue/${result.data.conversation}`);
  };

  return (
    <>
      <PageTitle
        actions={
          <button
            type="button"
            className="btn btn-primary"
            disabled={claiming.isLoading || !queue.data?.total}
            onClick={() => void open()}
          >
            {t('queue.next')}
          </button>
        }
      >
        {t('queue.title')}
      </PageTitle>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <SiteFilter id="queue-site" value={site} onChange={setSite} />
        <div>
          <label htmlFor="queue-locale" className="form-label small mb-0">
            {t('common.locale')}
          </label>
          <select
            id="queue-locale"
            className="form-select form-select-sm"
            value={locale ?? ''}
            onChange={(e) => setLocale((e.target.value || undefined) as Locale | undefined)}
          >
            <option value="">{t('common.allLocales')}</option>
            {LOCALES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ErrorAlert error={claiming.error} />
      <ErrorAlert error={queue.error} />
      {queue.isLoading ? <Spinner block label={t('common.loading')} /> : null}
      {queue.data ? (
        <>
          <p className="text-body-secondary" aria-live="polite">
            {t('queue.total', { count: queue.data.total })}
          </p>
          {queue.data.items.length === 0 ? <p>{t('queue.empty')}</p> : null}
          <ul className="list-group">
            {queue.data.items.map((item) => (
              <li
                key={item.conversation}
                className="list-group-item d-flex flex-wrap gap-2 align-items-center"
                data-testid="queue-item"
              >
                <div className="flex-grow-1">
                  <div className="fw-semibold">
                    {t('queue.between', { member: item.member.name, fictional: item.fictional.name })}
                  </div>
                  <div className="small text-body-secondary">
                    {item.site.name} · {item.locale} ·{' '}
                    {t('queue.waitingSince', { time: format.dateTime(item.waiting_since) })}
                  </div>
                  <div className="text-truncate" style={{ maxWidth: '40rem' }}>
                    {item.last_message.text ?? t(`message.${item.last_message.type}`)}
                  </div>
                  {item.claim && !item.claim.mine ? (
                    <div className="small text-warning-emphasis">
                      {t('queue.claimedBy', { name: item.claim.staff.name })}
                    </div>
                  ) : null}
                </div>
                {item.claim?.mine ? (
                  <Link className="btn btn-sm btn-outline-primary" to={`${base}/queue/${item.conversation}`}>
                    {t('queue.continue')}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    disabled={claiming.isLoading || !!item.claim}
                    aria-label={t('queue.answerLabel', {
                      member: item.member.name,
                      fictional: item.fictional.name,
                    })}
                    onClick={() => void open(item.conversation)}
                  >
                    {t('queue.answer')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
