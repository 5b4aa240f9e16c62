import '../lib/i18n';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/page';
import { LanguagePicker } from '../features/language/components/language-picker';

export default function LangConfigPage() {
  const { t } = useTranslation('account');
  return (
    <Page title={t('language.title')}>
      <p>{t('language.intro')}</p>
      <LanguagePicker />
    </Page>
  );
}
