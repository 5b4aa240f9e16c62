import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorAlert, Spinner } from '@dating/shared';
import { useMembersQuery } from '../api/members';
import { useFormat } from '../../../lib/format';
import { NS } from '../../../lib/i18n';
import { useStaff } from '../../../lib/staff-context';
import { PageTitle } from '../../../components/page-title';

/** Search members by email, name or id (admins). The query is in the address, so the back button keeps it. */
export default function MembersPage() {
  const { t } = useTranslation(NS);
  const { base } = useStaff();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const members = useMembersQuery({ q }, { skip: q.length < 2 });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  return (
    <>
      <PageTitle>{t('members.title')}</PageTitle>
      <form className="d-flex gap-2 mb-3" role="search" onSubmit={submit} style={{ maxWidth: '32rem' }}>
        <label htmlFor="members-q" className="visually-hidden">
          {t('members.search')}
        </label>
        <input
          id="members-q"
          type="search"
          className="form-control"
          placeholder={t('members.search')}
          minLength={2}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={draft.trim().length < 2}>
          {t('members.find')}
        </button>
      </form>
      <ErrorAlert error={members.error} />
      {members.isFetching ? <Spinner block label={t('common.loading')} /> : null}
      {members.data && !members.isFetching ? (
        members.data.members.length === 0 ? (
          <p>{t('members.none')}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm align-middle bg-body">
              <caption className="visually-hidden">{t('members.results')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('fields.id')}</th>
                  <th scope="col">{t('fields.name')}</th>
                  <th scope="col">{t('fields.email')}</th>
                  <th scope="col">{t('common.site')}</th>
                  <th scope="col">{t('fields.status')}</th>
                  <th scope="col">{t('fields.signup')}</th>
                </tr>
              </thead>
              <tbody>
                {members.data.members.map((member) => (
                  <tr key={member.id}>
                    <td>{member.id}</td>
                    <td>
                      <Link to={`${base}/members/${member.id}`}>{member.name}</Link>
                    </td>
                    <td className="text-break">{member.email ?? '–'}</td>
                    <td>{member.site.name}</td>
                    <td>
                      {t(`members.status.${member.status}`)}
                      {member.banned ? (
                        <span className="badge text-bg-danger ms-1">{t('members.banned')}</span>
                      ) : null}
                    </td>
                    <td>{format.date(member.signup_date)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </>
  );
}
