import { LOCALES } from './common';
import { NICHE_VARIANTS } from './settings';
import { isLanderPath, landerSlug, matchLanderPath, parseLanderSlug } from './landers';

describe('lander slugs', () => {
  test('are built from the niche and the locale, English as eng', () => {
    expect(landerSlug('general', 'nl')).toBe('general-nl');
    expect(landerSlug(2, 'en')).toBe('she-eng');
    expect(landerSlug(7, 'de')).toBe('gay-de');
  });

  test('every niche and locale round-trips', () => {
    for (const niche of NICHE_VARIANTS) {
      for (const locale of LOCALES)
        expect(parseLanderSlug(landerSlug(niche, locale))).toEqual({ niche, locale });
    }
  });

  test.each([
    'general-en',
    'general-xx',
    'dating-nl',
    'general',
    'general-nl-x',
    'GENERAL-NL',
    '-nl',
    'swipe-game',
  ])('%s is no slug', (slug) => expect(parseLanderSlug(slug)).toBeNull());
});

describe('lander paths', () => {
  const general = { niche: 1 as const };
  const bdsm = { niche: 3 as const };

  test('home, the swipe deck and the eight variants, with or without a slug of the site niche', () => {
    expect(matchLanderPath('/', general)).toEqual({ page: 'home', slug: null });
    expect(matchLanderPath('/landers/tinderswipe', general)).toEqual({ page: 'tinderswipe', slug: null });
    expect(matchLanderPath('/landers/gallery', general)).toEqual({ page: 'gallery', slug: null });
    expect(matchLanderPath('/landers/maplanding/general-eng?network=x', general)).toEqual({
      page: 'maplanding',
      slug: { niche: 'general', locale: 'en' },
    });
    expect(isLanderPath('/landers/video/bdsm-de', bdsm)).toBe(true);
  });

  test('tokens resolve only for the site niche', () => {
    expect(matchLanderPath('/general-nl', general)).toEqual({
      page: 'token',
      slug: { niche: 'general', locale: 'nl' },
    });
    expect(matchLanderPath('/bdsm-nl', general)).toBe('not-found');
    expect(matchLanderPath('/bdsm-nl', bdsm)).toEqual({
      page: 'token',
      slug: { niche: 'bdsm', locale: 'nl' },
    });
  });

  test('profile entries carry the member id', () => {
    expect(matchLanderPath('/members/12/landing', general)).toEqual({
      page: 'landing',
      slug: null,
      memberId: 12,
    });
    expect(matchLanderPath('/members/12/landing3/general-fi', general)).toEqual({
      page: 'landing3',
      slug: { niche: 'general', locale: 'fi' },
      memberId: 12,
    });
    expect(matchLanderPath('/members/12/signup', general)).toEqual({
      page: 'signup',
      slug: null,
      memberId: 12,
    });
  });

  test.each([
    '/landers',
    '/landers/unknown',
    '/landers/gallery/she-nl',
    '/landers/gallery/general-xx',
    '/landers/gallery/general-nl/extra',
    '/landers/tinderswipe/general-nl',
    '/members/0/landing',
    '/members/abc/landing',
    '/members/12/landing/general-nl',
    '/members/12/landing2/nonsense',
    '/members/12/signup/general-nl',
    '/she-eng',
  ])('%s is a 404 on a general site', (path) => {
    expect(matchLanderPath(path, general)).toBe('not-found');
    expect(isLanderPath(path, general)).toBe(false);
  });

  test.each([
    '/members',
    '/members/12',
    '/members/12/chat',
    '/login',
    '/swipe-game',
    '/match-finder',
    '/pages/faq',
    '/foo',
  ])('%s is not the landers’ business', (path) => expect(matchLanderPath(path, general)).toBeNull());
});
