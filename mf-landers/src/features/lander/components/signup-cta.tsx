import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signupModalOpened, useAppDispatch } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import styles from './lander.module.scss';

/** The lander's call to action: the shell's signup modal for visitors, the member search for members. */
export function SignupCta({ source }: { source: string }) {
  const { t } = useTranslation(NS);
  const dispatch = useAppDispatch();
  const { user } = useSite();
  if (user) {
    return (
      <Link to="/members" className={styles.cta}>
        {t('cta.members')}
      </Link>
    );
  }
  return (
    <button type="button" className={styles.cta} onClick={() => dispatch(signupModalOpened({ source }))}>
      {t('cta.signup')}
    </button>
  );
}
