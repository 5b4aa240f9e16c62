import { useSignupTranslation } from '../../../lib/i18n';
import { useCurrentUser } from '@dating/shared';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  redirectedToLogin,
  signupClosed,
  signupFinished,
  signupStarted,
  useAppDispatch,
  useGetSettingsQuery,
} from '@dating/shared';
import type { SignupFormProps } from '@dating/shared/remotes';
import { FormAlert } from '../../../components/form-alert';
import { captureTracking, hasTrafficSource } from '../../../lib/tracking';
import { AccountStep } from './account-step';
import { SignupSteps, StepProgress } from './signup-steps';
import styles from './signup.module.scss';

export type { SignupFormProps } from '@dating/shared/remotes';

const DEFAULT_MIN_AGE = 18;

/**
 * The whole signup of docs/product/member-model.md: step 0 (the account, with an optional first message), then photo, location,
 * personal info, about me and the "confirm your email" step. Exposed as `mf_account/SignupForm` for the shell's
 * signup modal and the landers.
 */
export function SignupForm({ onDone, source, profileId, profileName, message }: SignupFormProps) {
  const { t } = useSignupTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { data: settings } = useGetSettingsQuery();
  const loggedInAtStart = Boolean(useCurrentUser());
  const [created, setCreated] = useState(loggedInAtStart);
  const tracking = useMemo(() => captureTracking(location.search), [location.search]);

  function finish() {
    dispatch(signupFinished());
    onDone?.();
  }

  if (created) return <SignupSteps initialStep={1} onDone={finish} />;

  const signups = settings?.signups ?? 'all';
  const closed = signups === 'none' || (signups === 'with_trafficsource' && !hasTrafficSource(tracking));
  if (closed) {
    return (
      <div className={styles.form}>
        <FormAlert kind="info">{t('signup.closed')}</FormAlert>
        <Link to="/login" className="btn btn-primary w-100" onClick={() => dispatch(redirectedToLogin())}>
          {t('login.submit')}
        </Link>
        <button type="button" className="btn btn-link w-100 mt-2" onClick={() => dispatch(signupClosed())}>
          {t('signup.close')}
        </button>
      </div>
    );
  }

  return (
    <div className={styles.form}>
      <StepProgress step={0} />
      <AccountStep
        minAge={settings?.min_age ?? DEFAULT_MIN_AGE}
        tracking={tracking}
        profileId={profileId}
        profileName={profileName}
        initialMessage={message}
        source={source}
        onStarted={() => dispatch(signupStarted())}
        onCreated={() => setCreated(true)}
      />
      <p className="mt-3 mb-0 text-center">
        {t('signup.haveAccount')}{' '}
        <Link to="/login" onClick={() => dispatch(redirectedToLogin())}>
          {t('signup.login')}
        </Link>
      </p>
    </div>
  );
}

export default SignupForm;
