import { scrubText } from './telemetry-scrub';

/**
 * Real-looking error messages of the sites' 11 languages, each carrying what must never be stored: the personal
 * data (`secrets`) must be gone after scrubbing, the words around it (`kept`) must stay.
 */
const SAMPLES: { lang: string; text: string; secrets: string[]; kept: string[] }[] = [
  {
    lang: 'nl',
    text: 'Bel mij op +31 6 1234 5678 of mail jan . jansen [at] example . com, IBAN NL91 ABNA 0417 1643 00',
    secrets: ['1234', '5678', 'jansen', 'example', 'ABNA', '0417'],
    kept: ['Bel mij op', 'IBAN'],
  },
  {
    lang: 'nl',
    text: 'Ongeldig nummer 06-12345678 voor piet(apenstaartje)voorbeeld(punt)nl',
    secrets: ['12345678', 'piet', 'voorbeeld'],
    kept: ['Ongeldig nummer'],
  },
  {
    lang: 'de',
    text: 'Fehler: Rückruf an 0171 1234567 oder +49 30 1234567, Konto DE89 3704 0044 0532 0130 00, max(at)beispiel(punkt)de',
    secrets: ['1234567', '0171', 'DE89', '3704', 'max', 'beispiel'],
    kept: ['Fehler: Rückruf an', 'Konto'],
  },
  {
    lang: 'en',
    text: 'Payment failed for card 4111 1111 1111 1111, contact john dot smith at example dot co dot uk',
    secrets: ['4111', 'smith', 'example'],
    kept: ['Payment failed for card', 'contact'],
  },
  {
    lang: 'en',
    text: 'Reset link https://dating.example/reset/Ab3dEf6hIj9kLm2nOp5q?email=anna%40example.com#x opened',
    secrets: ['Ab3dEf6hIj9kLm2nOp5q', 'anna', 'email='],
    kept: ['Reset link', 'https://dating.example/reset/', 'opened'],
  },
  {
    lang: 'es',
    text: 'No se pudo enviar a maria.garcia@correo.es ni al +34 612 345 678, cuenta ES91 2100 0418 4502 0005 1332',
    secrets: ['maria', 'garcia', 'correo', '612', '345', 'ES91', '2100'],
    kept: ['No se pudo enviar a', 'cuenta'],
  },
  {
    lang: 'fr',
    text: 'Échec pour jean arobase exemple point fr au 06 12 34 56 78 <img src=x onerror=alert(1)>',
    secrets: ['jean', 'exemple', '12 34', 'onerror', '<img'],
    kept: ['Échec pour', 'au'],
  },
  {
    lang: 'it',
    text: 'Errore: scrivi a luca chiocciola esempio punto it oppure chiama 333 123 4567, IBAN IT60 X054 2811 1010 0000 0123 456',
    secrets: ['luca', 'esempio', '333', '4567', 'IT60', 'X054'],
    kept: ['Errore: scrivi a', 'oppure chiama', 'IBAN'],
  },
  {
    lang: 'da',
    text: 'Fejl: ring til +45 12 34 56 78 eller skriv til mette snabel-a eksempel punkt dk',
    secrets: ['12 34 56 78', 'mette', 'eksempel'],
    kept: ['Fejl: ring til', 'eller skriv til'],
  },
  {
    lang: 'nb',
    text: 'Feil: kontakt ola.nordmann＠eksempel.no eller 412 34 567, konto NO93 8601 1117 947',
    secrets: ['nordmann', 'eksempel', '412 34 567', 'NO93', '8601'],
    kept: ['Feil: kontakt', 'eller', 'konto'],
  },
  {
    lang: 'sv',
    text: 'Fel: ring 070-123 45 67 eller mejla anna{at}exempel{dot}se, bankgiro SE45 5000 0000 0583 9825 7466',
    secrets: ['070', '45 67', 'anna', 'exempel', 'SE45', '5000'],
    kept: ['Fel: ring', 'eller mejla', 'bankgiro'],
  },
  {
    lang: 'fi',
    text: 'Virhe: soita 040 123 4567 tai +358 40 1234567, osoite matti.meikalainen (at) esimerkki (piste) fi',
    secrets: ['040', '4567', '1234567', 'matti', 'esimerkki'],
    kept: ['Virhe: soita', 'tai', 'osoite'],
  },
  {
    lang: 'pl',
    text: 'Błąd: zadzwoń pod +48 512 345 678 lub napisz jan.kowalski(małpa)przyklad(kropka)pl, konto PL61 1090 1014 0000 0712 1981 2874',
    secrets: ['512', '345 678', 'kowalski', 'przyklad', 'PL61', '1090'],
    kept: ['Błąd: zadzwoń pod', 'lub napisz', 'konto'],
  },
];

describe('the telemetry scrubber', () => {
  test.each(SAMPLES.map((s) => [s.lang, s.text, s] as const))('%s: %s', (_, text, sample) => {
    const out = scrubText(text, 1000);
    for (const secret of sample.secrets) expect(out).not.toContain(secret);
    for (const word of sample.kept) expect(out).toContain(word);
    expect(out).not.toMatch(/[<>]/);
  });

  test('a stack keeps the site’s own files whole (line and column too), without their query', () => {
    const stack = [
      'TypeError: Cannot read properties of undefined (reading "title")',
      '    at render (http://localhost:8080/remotes/mf-landers/0.2.0-cccccccc/src_lander_tsx.12345678.js?v=abc:1:20004)',
      '    at <anonymous>',
      '    at http://localhost:8080/remotes/shell/1.0.0-aaaaaaaa/main.js:2:123456',
    ].join('\n');
    const out = scrubText(stack, 2000);
    expect(out).toContain('/remotes/mf-landers/0.2.0-cccccccc/src_lander_tsx.12345678.js:1:20004');
    expect(out).toContain('/remotes/shell/1.0.0-aaaaaaaa/main.js:2:123456');
    expect(out).not.toContain('v=abc');
    expect(out).toContain('at render');
    expect(out).toContain('Cannot read properties of undefined');
  });

  test('ordinary error messages are left as they are', () => {
    for (const message of [
      'ChunkLoadError: Loading chunk src_features_lander_components_lander_tsx failed.',
      'Minified React error #418',
      'TypeError: x is not a function',
      'Error: e2e canary: the lander broke',
    ]) {
      expect(scrubText(message, 300)).toBe(message);
    }
  });

  test('a session token or a JWT anywhere in a message is removed; the text is cut to the maximum', () => {
    const out = scrubText(
      'Unauthorized: sid=f3a9c2d1e8b7a6f5c4d3 token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sig',
      300,
    );
    expect(out).not.toContain('f3a9c2d1e8b7a6f5c4d3');
    expect(out).not.toContain('eyJ');
    expect(scrubText('x'.repeat(500), 300)).toHaveLength(300);
  });
});
