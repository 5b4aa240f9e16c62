import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateLanguageMutation, type Locale, useCurrentUser } from '@dating/shared';
import { setDocumentLang, writeLocaleCookie } from './locale';

/** Switches the UI language, stores it in the locale cookie (365 days) and, for members, on the server (docs/product/sites-and-landers.md). */
export function useSwitchLocale(): (locale: Locale) => Promise<void> {
  const { i18n } = useTranslation();
  const user = useCurrentUser() ?? null;
  const [updateLanguage] = useUpdateLanguageMutation();
  return useCallback(
    async (locale: Locale) => {
      writeLocaleCookie(locale);
      await i18n.changeLanguage(locale);
      setDocumentLang(locale);
      if (user !== null && user.language !== locale) await updateLanguage({ language: locale });
    },
    [i18n, updateLanguage, user],
  );
}
