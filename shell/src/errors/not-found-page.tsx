import { useTranslation } from 'react-i18next';
import { ErrorView } from './error-view';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorView status={404} message={t('error.notFound')} />;
}
