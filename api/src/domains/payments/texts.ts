// Texts the payments domain renders itself: the SMS code and the test provider's hosted checkout page.
import { isPaymentMethod, type Locale } from '@dating/shared/contract/index';
import da from '@dating/shared/locales/payment-methods/da.json';
import de from '@dating/shared/locales/payment-methods/de.json';
import en from '@dating/shared/locales/payment-methods/en.json';
import es from '@dating/shared/locales/payment-methods/es.json';
import fi from '@dating/shared/locales/payment-methods/fi.json';
import fr from '@dating/shared/locales/payment-methods/fr.json';
import it from '@dating/shared/locales/payment-methods/it.json';
import nb from '@dating/shared/locales/payment-methods/nb.json';
import nl from '@dating/shared/locales/payment-methods/nl.json';
import pl from '@dating/shared/locales/payment-methods/pl.json';
import sv from '@dating/shared/locales/payment-methods/sv.json';

export const PAYMENT_TEXTS = {
  sms: {
    da: 'Din kode til betalingsservice hos {site}: {code}',
    de: 'Dein Lastschrift-Code für {site}: {code}',
    en: 'Your direct debit code for {site}: {code}',
    es: 'Tu código de domiciliación para {site}: {code}',
    fi: 'Suoraveloituskoodisi palvelussa {site}: {code}',
    fr: 'Ton code de prélèvement pour {site} : {code}',
    it: "Il tuo codice per l'addebito diretto su {site}: {code}",
    nb: 'Din kode for avtalegiro hos {site}: {code}',
    nl: 'Je code voor automatische incasso bij {site}: {code}',
    pl: 'Twój kod polecenia zapłaty w {site}: {code}',
    sv: 'Din kod för autogiro hos {site}: {code}',
  },
  title: {
    da: 'Testbetaling',
    de: 'Testzahlung',
    en: 'Test payment',
    es: 'Pago de prueba',
    fi: 'Testimaksu',
    fr: 'Paiement de test',
    it: 'Pagamento di prova',
    nb: 'Testbetaling',
    nl: 'Testbetaling',
    pl: 'Płatność testowa',
    sv: 'Testbetalning',
  },
  intro: {
    da: 'Dette er den indbyggede testbetalingsudbyder: der trækkes ingen rigtige penge. Vælg resultatet.',
    de: 'Dies ist der eingebaute Test-Zahlungsanbieter: Es wird kein echtes Geld abgebucht. Wähle das Ergebnis.',
    en: 'This is the built-in test payment provider: no real money is charged. Choose the outcome.',
    es: 'Este es el proveedor de pagos de prueba integrado: no se cobra dinero real. Elige el resultado.',
    fi: 'Tämä on sisäänrakennettu testimaksupalvelu: oikeaa rahaa ei veloiteta. Valitse lopputulos.',
    fr: "Ceci est le prestataire de paiement de test intégré : aucun argent réel n'est débité. Choisis le résultat.",
    it: 'Questo è il fornitore di pagamenti di prova integrato: non viene addebitato denaro reale. Scegli il risultato.',
    nb: 'Dette er den innebygde testbetalingsleverandøren: ingen ekte penger trekkes. Velg utfallet.',
    nl: 'Dit is de ingebouwde testbetaalprovider: er wordt geen echt geld afgeschreven. Kies de uitkomst.',
    pl: 'To wbudowany testowy operator płatności: nie są pobierane prawdziwe pieniądze. Wybierz wynik.',
    sv: 'Det här är den inbyggda testbetalningsleverantören: inga riktiga pengar dras. Välj utfallet.',
  },
  amount: {
    da: 'Beløb',
    de: 'Betrag',
    en: 'Amount',
    es: 'Importe',
    fi: 'Summa',
    fr: 'Montant',
    it: 'Importo',
    nb: 'Beløp',
    nl: 'Bedrag',
    pl: 'Kwota',
    sv: 'Belopp',
  },
  method: {
    da: 'Betalingsmetode',
    de: 'Zahlungsmethode',
    en: 'Payment method',
    es: 'Método de pago',
    fi: 'Maksutapa',
    fr: 'Moyen de paiement',
    it: 'Metodo di pagamento',
    nb: 'Betalingsmåte',
    nl: 'Betaalmethode',
    pl: 'Metoda płatności',
    sv: 'Betalningsmetod',
  },
  paid: {
    da: 'Betalt',
    de: 'Bezahlt',
    en: 'Paid',
    es: 'Pagado',
    fi: 'Maksettu',
    fr: 'Payé',
    it: 'Pagato',
    nb: 'Betalt',
    nl: 'Betaald',
    pl: 'Opłacone',
    sv: 'Betald',
  },
  paid_decline_later: {
    da: 'Betalt (senere træk afvist)',
    de: 'Bezahlt (spätere Abbuchungen abgelehnt)',
    en: 'Paid (later charges declined)',
    es: 'Pagado (cargos posteriores rechazados)',
    fi: 'Maksettu (myöhemmät veloitukset hylätään)',
    fr: 'Payé (débits ultérieurs refusés)',
    it: 'Pagato (addebiti successivi rifiutati)',
    nb: 'Betalt (senere trekk avvist)',
    nl: 'Betaald (latere afschrijvingen geweigerd)',
    pl: 'Opłacone (kolejne obciążenia odrzucone)',
    sv: 'Betald (senare dragningar nekas)',
  },
  failed: {
    da: 'Mislykkedes',
    de: 'Fehlgeschlagen',
    en: 'Failed',
    es: 'Fallido',
    fi: 'Epäonnistui',
    fr: 'Échoué',
    it: 'Non riuscito',
    nb: 'Mislyktes',
    nl: 'Mislukt',
    pl: 'Nieudane',
    sv: 'Misslyckades',
  },
  canceled: {
    da: 'Annulleret',
    de: 'Abgebrochen',
    en: 'Cancelled',
    es: 'Cancelado',
    fi: 'Peruttu',
    fr: 'Annulé',
    it: 'Annullato',
    nb: 'Avbrutt',
    nl: 'Geannuleerd',
    pl: 'Anulowane',
    sv: 'Avbruten',
  },
  expired: {
    da: 'Udløbet',
    de: 'Abgelaufen',
    en: 'Expired',
    es: 'Caducado',
    fi: 'Vanhentunut',
    fr: 'Expiré',
    it: 'Scaduto',
    nb: 'Utløpt',
    nl: 'Verlopen',
    pl: 'Wygasło',
    sv: 'Utgången',
  },
  open: {
    da: 'Lad den afvente',
    de: 'Ausstehend lassen',
    en: 'Leave it pending',
    es: 'Dejar pendiente',
    fi: 'Jätä odottamaan',
    fr: 'Laisser en attente',
    it: 'Lascia in attesa',
    nb: 'La den stå på vent',
    nl: 'Nog in behandeling laten',
    pl: 'Pozostaw oczekującą',
    sv: 'Låt den vänta',
  },
  chargeback: {
    da: 'Tilbagefør (chargeback)',
    de: 'Zurückbuchen (Chargeback)',
    en: 'Charge back',
    es: 'Devolver (contracargo)',
    fi: 'Peruuta (chargeback)',
    fr: 'Rétrofacturer (chargeback)',
    it: 'Stornare (chargeback)',
    nb: 'Tilbakefør (chargeback)',
    nl: 'Terugboeken (chargeback)',
    pl: 'Obciążenie zwrotne (chargeback)',
    sv: 'Återför (chargeback)',
  },
  refund: {
    da: 'Refunder hos udbyderen',
    de: 'Beim Anbieter erstatten',
    en: 'Refund at the provider',
    es: 'Reembolsar en el proveedor',
    fi: 'Hyvitä palveluntarjoajalla',
    fr: 'Rembourser chez le prestataire',
    it: 'Rimborsare presso il fornitore',
    nb: 'Refunder hos leverandøren',
    nl: 'Terugbetalen bij de provider',
    pl: 'Zwróć u operatora',
    sv: 'Återbetala hos leverantören',
  },
  done: {
    da: 'Denne betaling er afsluttet.',
    de: 'Diese Zahlung ist abgeschlossen.',
    en: 'This payment is finished.',
    es: 'Este pago ha finalizado.',
    fi: 'Tämä maksu on päättynyt.',
    fr: 'Ce paiement est terminé.',
    it: 'Questo pagamento è concluso.',
    nb: 'Denne betalingen er fullført.',
    nl: 'Deze betaling is afgerond.',
    pl: 'Ta płatność została zakończona.',
    sv: 'Den här betalningen är avslutad.',
  },
  back: {
    da: 'Tilbage til siden',
    de: 'Zurück zur Seite',
    en: 'Back to the site',
    es: 'Volver al sitio',
    fi: 'Takaisin sivustolle',
    fr: 'Retour au site',
    it: 'Torna al sito',
    nb: 'Tilbake til siden',
    nl: 'Terug naar de site',
    pl: 'Wróć do serwisu',
    sv: 'Tillbaka till sidan',
  },
} satisfies Record<string, Record<Locale, string>>;

export type PaymentText = keyof typeof PAYMENT_TEXTS;

export function paymentText(
  locale: Locale,
  key: PaymentText,
  params: Record<string, string | number> = {},
): string {
  return PAYMENT_TEXTS[key][locale].replace(/\{(\w+)\}/g, (m, name: string) =>
    name in params ? String(params[name]) : m,
  );
}

/** Payment methods by name (the catalogue mf-payments shows too, `shared/src/locales/payment-methods`). */
const METHOD_NAMES: Record<Locale, Record<string, string>> = { da, de, en, es, fi, fr, it, nb, nl, pl, sv };

/** A method's name in `locale`; a code outside the catalogue stays as it is. */
export function paymentMethodName(locale: Locale, method: string): string {
  return (isPaymentMethod(method) && METHOD_NAMES[locale][method]) || method;
}
