import type { Locale } from '@dating/shared/contract/index';
import { interpolate } from '../../lib/i18n';

interface PushTexts {
  message: string;
  gift: string;
  photo: string;
  like: string;
  likeBody: string;
  match: string;
  matchBody: string;
}

/** The texts of a Web Push notification, in the member's language (one catalogue per locale, nl the source). */
const TEXTS: Record<Locale, PushTexts> = {
  nl: {
    message: 'Nieuw bericht van {name}',
    gift: '{name} heeft je een cadeau gestuurd',
    photo: '{name} heeft je een foto gestuurd',
    like: '{name} vindt je leuk',
    likeBody: 'Bekijk het profiel',
    match: 'Het is een match!',
    matchBody: 'Jij en {name} vinden elkaar leuk.',
  },
  en: {
    message: 'New message from {name}',
    gift: '{name} sent you a gift',
    photo: '{name} sent you a photo',
    like: '{name} likes you',
    likeBody: 'View the profile',
    match: "It's a match!",
    matchBody: 'You and {name} like each other.',
  },
  de: {
    message: 'Neue Nachricht von {name}',
    gift: '{name} hat dir ein Geschenk geschickt',
    photo: '{name} hat dir ein Foto geschickt',
    like: '{name} mag dich',
    likeBody: 'Profil ansehen',
    match: 'Es ist ein Match!',
    matchBody: 'Du und {name} mögt euch gegenseitig.',
  },
  da: {
    message: 'Ny besked fra {name}',
    gift: '{name} har sendt dig en gave',
    photo: '{name} har sendt dig et foto',
    like: '{name} kan lide dig',
    likeBody: 'Se profilen',
    match: 'Det er et match!',
    matchBody: 'Du og {name} kan lide hinanden.',
  },
  es: {
    message: 'Nuevo mensaje de {name}',
    gift: '{name} te ha enviado un regalo',
    photo: '{name} te ha enviado una foto',
    like: 'Le gustas a {name}',
    likeBody: 'Ver el perfil',
    match: '¡Es un match!',
    matchBody: 'A ti y a {name} os gustáis mutuamente.',
  },
  fi: {
    message: 'Uusi viesti käyttäjältä {name}',
    gift: '{name} lähetti sinulle lahjan',
    photo: '{name} lähetti sinulle kuvan',
    like: '{name} tykkää sinusta',
    likeBody: 'Katso profiili',
    match: 'Teillä on match!',
    matchBody: 'Sinä ja {name} tykkäätte toisistanne.',
  },
  fr: {
    message: 'Nouveau message de {name}',
    gift: '{name} t’a envoyé un cadeau',
    photo: '{name} t’a envoyé une photo',
    like: 'Tu plais à {name}',
    likeBody: 'Voir le profil',
    match: "C'est un match !",
    matchBody: 'Toi et {name} vous plaisez mutuellement.',
  },
  it: {
    message: 'Nuovo messaggio da {name}',
    gift: '{name} ti ha inviato un regalo',
    photo: '{name} ti ha inviato una foto',
    like: 'Piaci a {name}',
    likeBody: 'Vedi il profilo',
    match: 'È un match!',
    matchBody: 'Tu e {name} vi piacete a vicenda.',
  },
  nb: {
    message: 'Ny melding fra {name}',
    gift: '{name} har sendt deg en gave',
    photo: '{name} har sendt deg et bilde',
    like: '{name} liker deg',
    likeBody: 'Se profilen',
    match: 'Det er en match!',
    matchBody: 'Du og {name} liker hverandre.',
  },
  pl: {
    message: 'Nowa wiadomość od {name}',
    gift: '{name} wysłał(a) Ci prezent',
    photo: '{name} wysłał(a) Ci zdjęcie',
    like: '{name} Cię polubił(a)',
    likeBody: 'Zobacz profil',
    match: 'Macie match!',
    matchBody: 'Ty i {name} polubiliście się nawzajem.',
  },
  sv: {
    message: 'Nytt meddelande från {name}',
    gift: '{name} har skickat en present till dig',
    photo: '{name} har skickat ett foto till dig',
    like: '{name} gillar dig',
    likeBody: 'Visa profilen',
    match: 'Det är en match!',
    matchBody: 'Du och {name} gillar varandra.',
  },
};

export function pushText(locale: string, key: keyof PushTexts, params: Record<string, string> = {}): string {
  const texts = TEXTS[locale as Locale] ?? TEXTS.nl;
  return interpolate(texts[key], params);
}
export const PUSH_TEXT_LOCALES = Object.keys(TEXTS);
