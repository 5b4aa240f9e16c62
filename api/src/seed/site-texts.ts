import { LOCALES, type Locale } from '@dating/shared/contract/index';
import type { SiteTexts } from '../app/schema';

type DemoNiche = 'general' | 'she' | 'gay';

interface LocaleTexts {
  title: Record<DemoNiche, string>;
  description: Record<DemoNiche, string>;
  warning: string;
  singular: string;
  plural: string;
}

/** The demo sites' own texts in every locale (titles, descriptions, the fictional-profiles warning). */
const TEXTS: Record<Locale, LocaleTexts> = {
  nl: {
    title: {
      general: 'chat en date met leuke singles',
      she: 'vrouwen die weten wat ze willen',
      gay: 'ontmoet mannen bij jou in de buurt',
    },
    description: {
      general: 'Ontmoet leuke singles bij jou in de buurt en chat direct.',
      she: 'Ontmoet zelfverzekerde vrouwen bij jou in de buurt.',
      gay: 'Chat met homo- en biseksuele mannen bij jou in de buurt.',
    },
    warning:
      'Deze site bevat fictieve profielen. Met fictieve profielen kun je chatten, maar niet afspreken.',
    singular: 'fictief profiel',
    plural: 'fictieve profielen',
  },
  en: {
    title: {
      general: 'chat and date with lovely singles',
      she: 'women who know what they want',
      gay: 'meet men near you',
    },
    description: {
      general: 'Meet lovely singles near you and chat straight away.',
      she: 'Meet confident women near you.',
      gay: 'Chat with gay and bi men near you.',
    },
    warning:
      'This site contains fictional profiles. You can chat with fictional profiles, but you cannot meet them.',
    singular: 'fictional profile',
    plural: 'fictional profiles',
  },
  de: {
    title: {
      general: 'chatten und daten mit netten Singles',
      she: 'Frauen, die wissen, was sie wollen',
      gay: 'triff Männer in deiner Nähe',
    },
    description: {
      general: 'Triff nette Singles in deiner Nähe und chatte sofort los.',
      she: 'Triff selbstbewusste Frauen in deiner Nähe.',
      gay: 'Chatte mit schwulen und bisexuellen Männern in deiner Nähe.',
    },
    warning:
      'Diese Seite enthält fiktive Profile. Mit fiktiven Profilen kannst du chatten, aber dich nicht treffen.',
    singular: 'fiktives Profil',
    plural: 'fiktive Profile',
  },
  fr: {
    title: {
      general: 'discute et sors avec des célibataires sympas',
      she: 'des femmes qui savent ce qu’elles veulent',
      gay: 'rencontre des hommes près de chez toi',
    },
    description: {
      general: 'Rencontre des célibataires sympas près de chez toi et discute tout de suite.',
      she: 'Rencontre des femmes sûres d’elles près de chez toi.',
      gay: 'Discute avec des hommes gays et bi près de chez toi.',
    },
    warning:
      'Ce site contient des profils fictifs. Tu peux discuter avec les profils fictifs, mais pas les rencontrer.',
    singular: 'profil fictif',
    plural: 'profils fictifs',
  },
  es: {
    title: {
      general: 'chatea y queda con solteros encantadores',
      she: 'mujeres que saben lo que quieren',
      gay: 'conoce a hombres cerca de ti',
    },
    description: {
      general: 'Conoce a solteros encantadores cerca de ti y chatea al momento.',
      she: 'Conoce a mujeres seguras de sí mismas cerca de ti.',
      gay: 'Chatea con hombres gais y bisexuales cerca de ti.',
    },
    warning:
      'Este sitio contiene perfiles ficticios. Puedes chatear con los perfiles ficticios, pero no quedar con ellos.',
    singular: 'perfil ficticio',
    plural: 'perfiles ficticios',
  },
  it: {
    title: {
      general: 'chatta ed esci con single simpatici',
      she: 'donne che sanno cosa vogliono',
      gay: 'incontra uomini vicino a te',
    },
    description: {
      general: 'Incontra single simpatici vicino a te e chatta subito.',
      she: 'Incontra donne sicure di sé vicino a te.',
      gay: 'Chatta con uomini gay e bisessuali vicino a te.',
    },
    warning: 'Questo sito contiene profili fittizi. Puoi chattare con i profili fittizi, ma non incontrarli.',
    singular: 'profilo fittizio',
    plural: 'profili fittizi',
  },
  pl: {
    title: {
      general: 'czatuj i umawiaj się z fajnymi singlami',
      she: 'kobiety, które wiedzą, czego chcą',
      gay: 'poznaj mężczyzn w okolicy',
    },
    description: {
      general: 'Poznaj fajnych singli w okolicy i od razu zacznij czatować.',
      she: 'Poznaj pewne siebie kobiety w okolicy.',
      gay: 'Czatuj z gejami i biseksualnymi mężczyznami w okolicy.',
    },
    warning:
      'Ta strona zawiera fikcyjne profile. Z fikcyjnymi profilami można czatować, ale nie można się z nimi spotkać.',
    singular: 'fikcyjny profil',
    plural: 'fikcyjne profile',
  },
  da: {
    title: {
      general: 'chat og date med søde singler',
      she: 'kvinder, der ved, hvad de vil',
      gay: 'mød mænd i nærheden',
    },
    description: {
      general: 'Mød søde singler i nærheden, og chat med det samme.',
      she: 'Mød selvsikre kvinder i nærheden.',
      gay: 'Chat med homo- og biseksuelle mænd i nærheden.',
    },
    warning:
      'Denne side indeholder fiktive profiler. Du kan chatte med fiktive profiler, men ikke mødes med dem.',
    singular: 'fiktiv profil',
    plural: 'fiktive profiler',
  },
  nb: {
    title: {
      general: 'chat og date med hyggelige singler',
      she: 'kvinner som vet hva de vil',
      gay: 'møt menn i nærheten',
    },
    description: {
      general: 'Møt hyggelige singler i nærheten og chat med en gang.',
      she: 'Møt selvsikre kvinner i nærheten.',
      gay: 'Chat med homofile og bifile menn i nærheten.',
    },
    warning:
      'Dette nettstedet inneholder fiktive profiler. Du kan chatte med fiktive profiler, men ikke møte dem.',
    singular: 'fiktiv profil',
    plural: 'fiktive profiler',
  },
  sv: {
    title: {
      general: 'chatta och dejta trevliga singlar',
      she: 'kvinnor som vet vad de vill',
      gay: 'träffa män nära dig',
    },
    description: {
      general: 'Träffa trevliga singlar nära dig och börja chatta direkt.',
      she: 'Träffa självsäkra kvinnor nära dig.',
      gay: 'Chatta med homo- och bisexuella män nära dig.',
    },
    warning:
      'Den här webbplatsen innehåller fiktiva profiler. Du kan chatta med fiktiva profiler, men inte träffa dem.',
    singular: 'fiktiv profil',
    plural: 'fiktiva profiler',
  },
  fi: {
    title: {
      general: 'chattaile ja deittaile mukavien sinkkujen kanssa',
      she: 'naiset, jotka tietävät mitä haluavat',
      gay: 'tapaa miehiä lähelläsi',
    },
    description: {
      general: 'Tapaa mukavia sinkkuja lähelläsi ja aloita chattailu heti.',
      she: 'Tapaa itsevarmoja naisia lähelläsi.',
      gay: 'Chattaile homo- ja biseksuaalisten miesten kanssa lähelläsi.',
    },
    warning:
      'Tällä sivustolla on fiktiivisiä profiileja. Fiktiivisten profiilien kanssa voi chatata, mutta niitä ei voi tavata.',
    singular: 'fiktiivinen profiili',
    plural: 'fiktiiviset profiilit',
  },
};

/** A demo site's settings texts in every locale. */
export function demoSiteTexts(name: string, niche: DemoNiche): Record<Locale, SiteTexts> {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const t = TEXTS[locale];
      return [
        locale,
        {
          index_title: `${name} - ${t.title[niche]}`,
          description: t.description[niche],
          fictional_warning: t.warning,
          fictional_singular: t.singular,
          fictional_plural: t.plural,
        },
      ];
    }),
  ) as Record<Locale, SiteTexts>;
}

/** The texts of the site's default locale, for the site's own columns. */
export function defaultTexts(name: string, niche: DemoNiche, locale: Locale) {
  const texts = demoSiteTexts(name, niche)[locale];
  return { indexTitle: texts.index_title!, description: texts.description! };
}
