import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '../contract';

type LocaleLoader = (locale: Locale) => Promise<{ default: ResourceKey } | ResourceKey>;

const loaders = new Map<string, LocaleLoader>();

/**
 * Each package registers how to fetch its namespace for a locale (a dynamic `import()` of its JSON, so every
 * locale is its own small chunk loaded on demand). Call at module load of the package's entry.
 */
export function registerNamespace(namespace: string, loader: LocaleLoader): void {
  loaders.set(namespace, loader);
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const loader = loaders.get(namespace);
    if (!loader) {
      callback(new Error(`No locale loader registered for namespace "${namespace}"`), null);
      return;
    }
    loader(language as Locale).then(
      (module) => callback(null, ((module as { default?: ResourceKey }).default ?? module) as ResourceKey),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

/**
 * The catalogue writes placeholders as `{name}` (docs/product/member-model.md, docs/product/calls-and-errors.md); i18next is told to read them that way.
 * `initialResources` lets tests and server-primed pages skip the async load.
 */
export async function createI18n(options: {
  locale: Locale;
  namespaces?: string[];
  initialResources?: Record<string, Record<string, ResourceKey>>;
}): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(lazyBackend).use(initReactI18next);
  await instance.init({
    lng: options.locale,
    // Only the active locale's JSON is fetched: every namespace has every key in all 11 locales
    // (tools/i18n/locales.test.ts), so a fallback locale would be a second download that is never read.
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    ns: options.namespaces ?? ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    react: { useSuspense: true },
    resources: options.initialResources,
    partialBundledLanguages: true,
    returnNull: false,
  });
  return instance;
}
