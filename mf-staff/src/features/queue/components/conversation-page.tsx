import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert, Spinner, type ChatMessage } from '@dating/shared';
import { useClaimMutation, useConversationQuery, useReleaseMutation } from '../api/queue';
import { useFormat } from '../../../lib/format';
import { NS } from '../../../lib/i18n';
import { useStaff } from '../../../lib/staff-context';
import { PageTitle } from '../../../components/page-title';
import { ReplyForm } from './reply-form';

const HISTORY_POLL_MS = 10_000;

/**
 * One claimed conversation: the member's profile, the history, and the reply as the fictional profile (text, a
 * gift, or a photo of the profile's album). The member receives it live through the chat's send path.
 */
export default function ConversationPage() {
  const { t } = useTranslation(NS);
  const { base } = useStaff();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const conversation = useConversationQuery(id, { pollingInterval: HISTORY_POLL_MS });
  const [claim, claiming] = useClaimMutation();
  const [release] = useReleaseMutation();
  const data = conversation.data;

  if (conversation.isLoading) return <Spinner block label={t('common.loading')} />;
  if (!data) return <ErrorAlert error={conversation.error} />;
  const mine = data.claim?.mine === true;

  return (
    <>
      <PageTitle
        actions={
          <div className="d-flex gap-2">
            {mine ? (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => void release({ conversation: id }).then(() => navigate(`${base}/queue`))}
              >
                {t('conversation.release')}
              </button>
            ) : null}
            <Link to={`${base}/queue`} className="btn btn-sm btn-outline-secondary">
              {t('conversation.back')}
            </Link>
          </div>
        }
      >
        {t('conversation.title', { fictional: data.fictional.name, member: data.member.name })}
      </PageTitle>
      <div className="row g-3">
        <aside className="col-lg-3 order-lg-1" aria-labelledby="member-heading">
          <div className="card">
            <div className="card-body">
              <h2 id="member-heading" className="h5">
                {t('conversation.member')}
              </h2>
              {data.member.thumb_url ? (
                <img src={data.member.thumb_url} alt="" className="staff-thumb rounded mb-2" />
              ) : null}
              <dl className="small mb-0">
                <dt>{t('fields.name')}</dt>
                <dd>{data.member.name}</dd>
                <dt>{t('fields.age')}</dt>
                <dd>{data.member.age ?? '–'}</dd>
                <dt>{t('fields.gender')}</dt>
                <dd>{data.member.gender ?? '–'}</dd>
                <dt>{t('fields.place')}</dt>
                <dd>{[data.member.city, data.member.country].filter(Boolean).join(', ') || '–'}</dd>
                <dt>{t('common.locale')}</dt>
                <dd>{data.member.locale}</dd>
                <dt>{t('fields.paid')}</dt>
                <dd>{data.member.paid_user ? t('common.yes') : t('common.no')}</dd>
                <dt>{t('fields.about')}</dt>
                <dd className="text-break">{data.member.about ?? '–'}</dd>
              </dl>
            </div>
          </div>
        </aside>
        <section className="col-lg-6 order-lg-2" aria-labelledby="history-heading">
          <h2 id="history-heading" className="h5">
            {t('conversation.history')}
          </h2>
          <History messages={data.messages} />
          {mine ? (
            <ReplyForm id={id} conversation={data} />
          ) : (
            <div className="alert alert-warning mt-3">
              <p className="mb-2">
                {data.claim
                  ? t('conversation.claimedBy', { name: data.claim.staff.name })
                  : t('conversation.notClaimed')}
              </p>
              <ErrorAlert error={claiming.error} />
              {!data.claim ? (
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  onClick={() => void claim({ conversation: id })}
                >
                  {t('conversation.claim')}
                </button>
              ) : null}
            </div>
          )}
        </section>
        <aside className="col-lg-3 order-lg-3" aria-labelledby="fictional-heading">
          <div className="card">
            <div className="card-body">
              <h2 id="fictional-heading" className="h5">
                {t('conversation.fictional')}
              </h2>
              {data.fictional.thumb_url ? (
                <img src={data.fictional.thumb_url} alt="" className="staff-thumb rounded mb-2" />
              ) : null}
              <p className="fw-semibold mb-1">{data.fictional.name}</p>
              <p className="small text-break">{data.fictional.about ?? ''}</p>
              <p className="small text-body-secondary mb-0">{data.site.name}</p>
            </div>
          </div>
        </aside>
      </div>
    </>
  );
}

function History({ messages }: { messages: ChatMessage[] }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);
  if (messages.length === 0) return <p>{t('conversation.noMessages')}</p>;
  return (
    <ol
      className="list-unstyled staff-history border rounded p-2 bg-body"
      aria-live="polite"
      data-testid="staff-history"
    >
      {messages.map((message) => (
        <li key={message.id} className={`d-flex mb-2 ${message.from_me ? 'justify-content-end' : ''}`}>
          <div
            className={`staff-bubble rounded p-2 ${message.from_me ? 'bg-primary-subtle' : 'bg-body-secondary'}`}
          >
            <span className="visually-hidden">
              {message.from_me ? t('conversation.fromFictional') : t('conversation.fromMember')}:{' '}
            </span>
            {message.type === 'gift' && message.gift ? (
              <span>
                <img src={message.gift.image} alt="" width={32} height={32} />{' '}
                {t('message.giftNamed', { name: message.gift.name })}
              </span>
            ) : null}
            {message.type === 'photo' && message.photo ? (
              <a href={message.photo.url} target="_blank" rel="noreferrer" className="d-block">
                <img
                  src={message.photo.thumb_url}
                  alt={t('message.photo')}
                  className="staff-thumb rounded"
                  loading="lazy"
                />
              </a>
            ) : null}
            {message.text ? <div>{message.text}</div> : null}
            <div className="small text-body-secondary">{format.dateTime(message.sent_at)}</div>
          </div>
        </li>
      ))}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}
