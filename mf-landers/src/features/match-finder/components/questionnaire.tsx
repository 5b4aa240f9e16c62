import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Gender } from '@dating/shared';
import { NS } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import styles from './questionnaire.module.scss';

const AGE_RANGES: [number, number | null][] = [
  [18, 25],
  [26, 35],
  [36, 50],
  [51, null],
];

interface Answers {
  gender?: Gender;
  ages?: [number, number | null];
}

/** Three quick questions that end in the member search with those filters (docs/product/README.md matchfinder). */
export function Questionnaire() {
  const { t, i18n } = useTranslation(NS);
  const navigate = useNavigate();
  const { settings } = useSite();
  const [answers, setAnswers] = useState<Answers>({});
  const step = answers.gender ? (answers.ages ? 3 : 2) : 1;
  const countryNames = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'region' }),
    [i18n.language],
  );

  function finish(country: string | null) {
    const params = new URLSearchParams();
    if (answers.gender) params.set('gender', answers.gender);
    if (answers.ages) {
      params.set('min_age', String(answers.ages[0]));
      if (answers.ages[1]) params.set('max_age', String(answers.ages[1]));
    }
    if (country) params.set('country', country);
    navigate(`/members?${params.toString()}`);
  }

  let question;
  let options;
  if (step === 1) {
    question = t('matchFinder.gender');
    options = (['female', 'male'] as const).map((gender) => (
      <button key={gender} type="button" onClick={() => setAnswers({ gender })}>
        {t(`matchFinder.${gender}`)}
      </button>
    ));
  } else if (step === 2) {
    question = t('matchFinder.age');
    options = AGE_RANGES.map(([min, max]) => (
      <button
        key={min}
        type="button"
        onClick={() => setAnswers((current) => ({ ...current, ages: [min, max] }))}
      >
        {max ? t('matchFinder.ageRange', { min, max }) : t('matchFinder.agePlus', { min })}
      </button>
    ));
  } else {
    question = t('matchFinder.country');
    options = [
      ...(settings?.countries ?? []).map((code) => (
        <button key={code} type="button" onClick={() => finish(code)}>
          {countryNames.of(code) ?? code}
        </button>
      )),
      <button key="any" type="button" onClick={() => finish(null)}>
        {t('matchFinder.anyCountry')}
      </button>,
    ];
  }

  return (
    <section className={styles.finder}>
      <h1 className={styles.title}>{t('matchFinder.title')}</h1>
      <p className={styles.step}>{t('matchFinder.step', { step, total: 3 })}</p>
      <progress className={styles.progress} max={3} value={step - 1} />
      <fieldset className={styles.question}>
        <legend>{question}</legend>
        <div className={styles.options}>{options}</div>
      </fieldset>
      {step > 1 && (
        <button
          type="button"
          className="btn btn-link"
          onClick={() => setAnswers((current) => (step === 3 ? { gender: current.gender } : {}))}
        >
          {t('matchFinder.back')}
        </button>
      )}
    </section>
  );
}
