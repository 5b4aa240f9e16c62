import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NS } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import { SignupButton } from '../../../lib/signup-button';
import styles from './signup-cta.module.scss';

interface SignupCtaProps {
  /** Reported with the signup event, e.g. `home` or `lander:gallery`. */
  source: string;
  /** The button text for visitors (default: 'Gratis aanmelden'). */
  label?: string;
  className?: string;
}

/** The lander's call to action: the shell's signup modal for visitors, the member search for members. */
export function SignupCta({ source, label, className = '' }: SignupCtaProps) {
  const { t } = useTranslation(NS);
  const { user } = useSite();
  if (user) {
    return (
      <Link to="/members" className={`${styles.cta} ${className}`}>
        {t('cta.members')}
      </Link>
    );
  }
  return (
    <SignupButton source={source} className={`${styles.cta} ${className}`} data-testid="lander-cta">
      {label ?? t('cta.signup')}
    </SignupButton>
  );
}
