import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signupModalOpened, useAppDispatch } from '@dating/shared';
import { takeTapBeforeHydration } from '@dating/shared/ssr-page-script';
import { NS } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
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
  const button = useRef<HTMLButtonElement>(null);
  const open = useOpenSignup(source);
  // A tap on the server-rendered button before it was hydrated had no handler; the page's inline script kept it
  // (shared/src/ssr-page-script.ts). Checked once, when the button is hydrated: later taps are React's.
  useEffect(() => {
    if (takeTapBeforeHydration(button.current)) open();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (user) {
    return (
      <Link to="/members" className={`${styles.cta} ${className}`}>
        {t('cta.members')}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={`${styles.cta} ${className}`}
      ref={button}
      data-testid="lander-cta"
      data-signup-source={source}
      onClick={open}
    >
      {label ?? t('cta.signup')}
    </button>
  );
}

/** Opens the signup modal from any part of a lander (a photo, a like button): a visitor's every click leads there. */
export function useOpenSignup(source: string) {
  const dispatch = useAppDispatch();
  return () => dispatch(signupModalOpened({ source }));
}
