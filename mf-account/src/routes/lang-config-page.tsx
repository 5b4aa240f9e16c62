import { useAccountTranslation } from '../lib/i18n';
import { Page } from '../components/page';
import { LanguagePicker } from '../features/language/components/language-picker';
import type { RemoteComponent } from '@dating/shared/remotes';

function LangConfigPage() {
  const { t } = useAccountTranslation();
  return (
    <Page title={t('language.title')}>
      <p>{t('language.intro')}</p>
      <LanguagePicker />
    </Page>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default LangConfigPage satisfies RemoteComponent<'mf_account/LangConfigPage'>;
