import { ageOn, validateBirthdate, validateName } from './validation';

describe('signup validation', () => {
  const today = new Date(2026, 10, 22);

  it('counts age in whole years, the day before a birthday included', () => {
    expect(ageOn('2008-11-22', today)).toBe(18);
    expect(ageOn('2008-11-23', today)).toBe(17);
    expect(ageOn('2008-02-30', today)).toBeNull();
  });

  it('asks for the minimum age until it is reached', () => {
    expect(validateBirthdate('', 18, today)).toEqual({ code: 'birthdate_required', params: { min_age: 18 } });
    expect(validateBirthdate('2008-11-23', 18, today)).toEqual({
      code: 'birthdate_required',
      params: { min_age: 18 },
    });
    expect(validateBirthdate('2008-11-22', 18, today)).toBeNull();
    expect(validateBirthdate('1850-01-01', 18, today)).toEqual({ code: 'birthdate_invalid' });
  });

  it('compares name and email without case or surrounding spaces', () => {
    expect(validateName(' Anna@Example.com ', 'anna@example.com')).toEqual({ code: 'name_equals_email' });
    expect(validateName('@anna', 'anna@example.com')).toEqual({ code: 'name_starts_with_at' });
    expect(validateName('Anna', 'anna@example.com')).toBeNull();
  });
});
