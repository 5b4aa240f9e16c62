import fs from 'node:fs';
import path from 'node:path';

/**
 * The theme's colour pairs that pages put text on reach WCAG 2.2 AA's 4.5:1 (1.4.3), and the focus ring 3:1
 * (1.4.11). The values are read from `_theme.scss` itself, so a new shade that breaks a pair fails here before
 * axe finds it on a page.
 */
const source = fs.readFileSync(path.join(__dirname, '_theme.scss'), 'utf8');

function variable(name: string): string {
  const match = new RegExp(`^\\$${name}:\\s*(#[0-9a-f]{6}|\\$[a-z-]+)\\s*;`, 'im').exec(source);
  if (!match) throw new Error(`$${name} is not a colour in _theme.scss`);
  const value = match[1]!;
  return value.startsWith('$') ? variable(value.slice(1)) : value;
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE = '#ffffff';

describe('theme colour contrast', () => {
  test('the formula: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrast('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrast('#4b1763', '#4b1763')).toBe(1);
  });

  test.each(['body-color', 'muted', 'primary', 'secondary', 'success', 'info', 'danger'])(
    '$%s as text on the page and on $light: at least 4.5:1',
    (name) => {
      expect(contrast(variable(name), variable('body-bg'))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(variable(name), variable('light'))).toBeGreaterThanOrEqual(4.5);
    },
  );

  test.each(['primary', 'secondary', 'success', 'info', 'danger', 'dark'])(
    'white text on $%s (buttons, badges, the top bar): at least 4.5:1',
    (name) => {
      expect(contrast(WHITE, variable(name))).toBeGreaterThanOrEqual(4.5);
    },
  );

  test('dark text on $warning (the discount badges, the popular ribbon): at least 4.5:1', () => {
    expect(contrast(variable('dark'), variable('warning'))).toBeGreaterThanOrEqual(4.5);
  });

  test('the focus ring stands out at 3:1 on light backgrounds, its white variant on the dark bars', () => {
    expect(contrast(variable('focus-ring-color'), variable('body-bg'))).toBeGreaterThanOrEqual(3);
    expect(contrast(variable('focus-ring-color'), variable('light'))).toBeGreaterThanOrEqual(3);
    expect(contrast(variable('focus-ring-color-on-dark'), variable('primary'))).toBeGreaterThanOrEqual(3);
    expect(contrast(variable('focus-ring-color-on-dark'), variable('dark'))).toBeGreaterThanOrEqual(3);
  });
});
