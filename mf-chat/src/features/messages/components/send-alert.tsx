import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DisplayError } from '@dating/shared';
import { NS } from '../../../lib/i18n';

/**
 * Why the last message did not go out, with the way forward: credits to buy (and back here after paying), or
 * premium for a free member's third chat (docs/product/member-model.md, docs/product/calls-and-errors.md). The text is the server's, already translated.
 */
export function SendAlert({ error, returnTo }: { error: DisplayError; returnTo: string }) {
  const { t } = useTranslation(NS);
  const message = error.message ?? t('errors.generic');
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 m-2 mb-0" role="alert">
      <span className="me-auto">{message}</span>
      {error.code === 'insufficient_credits' && (
        <Link className="btn btn-sm btn-primary" to={`/credits?return=${returnTo}`}>
          {t('alerts.buy')}
        </Link>
      )}
      {(error.code === 'chat_limit' || error.code === 'premium_only') && (
        <Link className="btn btn-sm btn-primary" to="/premium">
          {t('alerts.premium')}
        </Link>
      )}
    </div>
  );
}
