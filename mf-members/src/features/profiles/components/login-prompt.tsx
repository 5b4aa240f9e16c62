import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signupModalOpened, useAppDispatch } from '@dating/shared';
import { NS } from '../../../lib/i18n';

/** What a visitor sees where the server wants a member (docs/product/member-model.md). */
export function LoginPrompt({ source }: { source: string }) {
  const { t } = useTranslation(NS);
  const dispatch = useAppDispatch();
  return (
    <div className="text-center py-5">
      <p className="lead">{t('loginPrompt.text')}</p>
      <div className="d-flex gap-2 justify-content-center">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => dispatch(signupModalOpened({ source }))}
        >
          {t('loginPrompt.signup')}
        </button>
        <Link to="/login" className="btn btn-outline-primary">
          {t('loginPrompt.login')}
        </Link>
      </div>
    </div>
  );
}
