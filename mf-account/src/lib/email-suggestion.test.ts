import { suggestEmail } from './email-suggestion';

describe('suggestEmail', () => {
  it.each([
    ['jan@gmial.com', 'jan@gmail.com'],
    ['jan@hotmial.com', 'jan@hotmail.com'],
    ['Jan@Gmail.con', 'jan@gmail.com'],
    ['piet@ziggo.nk', 'piet@ziggo.nl'],
  ])('suggests a common domain for %s', (typed, expected) => {
    expect(suggestEmail(typed)).toBe(expected);
  });

  it.each(['jan@gmail.com', 'jan@example.org', 'jan@', 'jan', '@gmail.com'])('leaves %s alone', (typed) => {
    expect(suggestEmail(typed)).toBeNull();
  });
});
