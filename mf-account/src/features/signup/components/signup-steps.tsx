import { useState } from 'react';
import { AboutStep } from './about-step';
import { CompleteStep } from './complete-step';
import { LocationStep } from './location-step';
import { PersonalStep } from './personal-step';
import { PhotoStep } from './photo-step';
import styles from './signup.module.scss';
import { useSignupTranslation } from '../../../lib/i18n';

/** Steps of docs/product/member-model.md after the account exists: 1 photo, 2 location, 3 personal info, 4 about me, then complete. */
export type ProfileStep = 1 | 2 | 3 | 4 | 5;
export const STEP_COUNT = 5;
const TITLES = [
  'signup.title',
  'signup.photo.title',
  'signup.location.title',
  'signup.personal.title',
  'signup.about.title',
];

export function StepProgress({ step }: { step: number }) {
  const { t } = useSignupTranslation();
  return (
    <div>
      <ol className={styles.progress} aria-hidden="true">
        {Array.from({ length: STEP_COUNT }, (_, index) => (
          <li key={index} className={`${styles.progressStep} ${index <= step ? styles.progressDone : ''}`} />
        ))}
      </ol>
      <p className="small text-muted mb-1">{t('signup.stepOf', { step: step + 1, count: STEP_COUNT })}</p>
      <h2 className="h5 mb-3">{t(TITLES[step] ?? 'signup.title')}</h2>
    </div>
  );
}

export function SignupSteps({ initialStep = 1, onDone }: { initialStep?: ProfileStep; onDone(): void }) {
  const [step, setStep] = useState<ProfileStep>(initialStep);
  const next = () => setStep((current) => Math.min(current + 1, 5) as ProfileStep);
  if (step === 5) return <CompleteStep onDone={onDone} />;
  return (
    <div>
      <StepProgress step={step} />
      {step === 1 ? <PhotoStep onNext={next} /> : null}
      {step === 2 ? <LocationStep onNext={next} /> : null}
      {step === 3 ? <PersonalStep onNext={next} /> : null}
      {step === 4 ? <AboutStep onNext={next} /> : null}
    </div>
  );
}
