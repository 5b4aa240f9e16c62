import { useEffect, useRef, type ComponentPropsWithoutRef } from 'react';
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

type SignupButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'type' | 'onClick'> & {
  /** Reported with the signup event, e.g. `home` or `lander:gallery`. */
  source: string;
};

/**
 * A button of a lander that opens the signup modal (the call to action, a photo, a like button): a
 * `<button type="button">` with the given attributes and children, plus `data-signup-source`.
 *
 * A tap on the server-rendered button before it was hydrated had no handler; the page's inline script kept it
 * (shared/src/ssr-page-script.ts). Checked once, when the button is hydrated: later taps are React's. A button that
 * is disabled by then does not open, as its click would not.
 */
export function SignupButton({ source, ...props }: SignupButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const open = useOpenSignup(source);
  useEffect(() => {
    if (takeTapBeforeHydration(button.current) && !button.current!.disabled) open();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <button type="button" {...props} ref={button} data-signup-source={source} onClick={open} />;
}

/**
 * Opens the signup modal from any part of a lander: a visitor's every click leads there. A button that does so is a
 * {@link SignupButton} (a tap before hydration is kept); this is for the rest (a form's submit, a field's focus).
 */
export function useOpenSignup(source: string) {
  const dispatch = useAppDispatch();
  return () => dispatch(signupModalOpened({ source }));
}
