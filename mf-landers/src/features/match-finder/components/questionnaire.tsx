import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Gender } from '@dating/shared';
import { pageTexts, useLanderTranslation } from '../../../lib/page-texts';
import { useSite } from '../../../lib/site';
import styles from './questionnaire.module.scss';

/** The match finder's own texts (`landers-match-finder`), registered here so their locale map is in its chunk. */
const TEXTS = pageTexts('match-finder', 'matchFinder', {
  da: () => import('../../../locales/match-finder/da.json'),
  de: () => import('../../../locales/match-finder/de.json'),
  en: () => import('../../../locales/match-finder/en.json'),
  es: () => import('../../../locales/match-finder/es.json'),
  fi: () => import('../../../locales/match-finder/fi.json'),
  fr: () => import('../../../locales/match-finder/fr.json'),
  it: () => import('../../../locales/match-finder/it.json'),
  nb: () => import('../../../locales/match-finder/nb.json'),
  nl: () => import('../../../locales/match-finder/nl.json'),
  pl: () => import('../../../locales/match-finder/pl.json'),
  sv: () => import('../../../locales/match-finder/sv.json'),
});

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
  const { t, i18n } = useLanderTranslation(TEXTS);
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
