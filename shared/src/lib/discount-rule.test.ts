import { LOCALES } from '../contract/values/common';
import { ADVERTISED_CODES, advertisedCode, chooseDiscount, discounted, messagePrice } from './discount-rule';

const bonus = { code: 'TIMEBONUS25', percentage: 25 };

describe('a typed code and the automatic discount', () => {
  test('the member gets the better of the two', () => {
    expect(chooseDiscount({ code: 'BLIJF50', percentage: 50 }, bonus)).toEqual({
      discount: { code: 'BLIJF50', percentage: 50 },
      source: 'typed',
    });
    expect(chooseDiscount({ code: 'SPRING10', percentage: 10 }, bonus)).toEqual({
      discount: bonus,
      source: 'automatic',
    });
  });

  test('a typed code that is not usable keeps the automatic discount (nothing is lost by typing)', () => {
    expect(chooseDiscount(null, bonus)).toEqual({ discount: bonus, source: 'automatic' });
  });

  test('on a tie the automatic discount is kept, so a single-use typed code stays unspent', () => {
    expect(chooseDiscount({ code: 'WELKOM', percentage: 25 }, bonus).source).toBe('automatic');
  });

  test('without an automatic discount a typed code applies; with neither there is none', () => {
    expect(chooseDiscount({ code: 'WELKOM', percentage: 25 }, null).source).toBe('typed');
    expect(chooseDiscount(null, null)).toEqual({ discount: null, source: 'none' });
  });
});

describe('advertised codes', () => {
  test('every language names a welcome and a retention code, in the shape a link may carry', () => {
    for (const locale of LOCALES) {
      expect(ADVERTISED_CODES[locale].welcome).toMatch(/^[A-Z0-9]{3,20}$/);
      expect(ADVERTISED_CODES[locale].retention).toMatch(/^[A-Z0-9]{3,20}$/);
    }
    expect(advertisedCode('welcome', 'nl')).toBe('WELKOM');
    expect(advertisedCode('retention', 'nl')).toBe('BLIJF50');
    expect(advertisedCode('retention', 'xx')).toBe('BLIJF50');
  });
});

describe('the price of a message', () => {
  // The seeded euro packages: 50 credits € 14,95 (€ 0,299 a credit) … 600 credits € 99,95 (€ 0,1666 a credit).
  const packages = [
    { credits: 50, price: { amount: 1495, currency: 'EUR' } },
    { credits: 600, price: { amount: 9995, currency: 'EUR' } },
    { credits: 120, price: { amount: 2995, currency: 'EUR' } },
    { credits: 250, price: { amount: 4995, currency: 'EUR' } },
  ];

  test('is the cheapest price per credit times the credits a message costs', () => {
    expect(messagePrice(packages, 5)).toEqual({ amount: 83, currency: 'EUR' });
  });

  test('with a discount it is that much less, rounded to the cent like an order', () => {
    expect(messagePrice(packages, 5, 25)).toEqual({ amount: 62, currency: 'EUR' });
    expect(discounted(1495, 25)).toBe(1121);
  });

  test('names no price without packages or a message cost', () => {
    expect(messagePrice([], 5)).toBeNull();
    expect(messagePrice(packages, 0)).toBeNull();
  });
});
