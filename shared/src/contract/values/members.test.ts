import { nicheGender, searchDefaults, seekingOf } from './members';

describe('searchDefaults: where a member search starts', () => {
  test('a man seeking women starts on women who look for men, nearest first', () => {
    expect(searchDefaults({ gender: 'male', sexuality: 'hetero' }, 1)).toEqual({
      gender: 'female',
      mutual: true,
      near: true,
    });
  });

  test('gay men, lesbian women and bi members', () => {
    expect(searchDefaults({ gender: 'male', sexuality: 'gay' }, 1).gender).toBe('male');
    expect(searchDefaults({ gender: 'female', sexuality: 'lesbian' }, 1).gender).toBe('female');
    expect(searchDefaults({ gender: 'female', sexuality: 'hetero' }, 1).gender).toBe('male');
    // Bi: every gender, still only members who look for the member's own.
    expect(searchDefaults({ gender: 'male', sexuality: 'bi' }, 1)).toEqual({ mutual: true, near: true });
  });

  test("the site's niche decides the gender where it shows one", () => {
    expect(searchDefaults({ gender: 'female', sexuality: 'hetero' }, 2).gender).toBe('female');
    expect(searchDefaults({ gender: 'female', sexuality: 'hetero' }, 7).gender).toBe('male');
    expect(nicheGender(3)).toBeUndefined();
    expect(nicheGender(6)).toBe('female');
  });

  test('seekingOf reads gender and sexuality', () => {
    expect(seekingOf('female', 'hetero')).toEqual(['male']);
    expect(seekingOf('female', 'bi')).toEqual(['male', 'female']);
  });
});
