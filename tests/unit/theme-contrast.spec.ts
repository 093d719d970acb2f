import { describe, expect, it } from '@jest/globals';
import { presetPalettes } from '@ant-design/colors';
import { AA_TAG_TEXT, brand } from '../../apps/console/src/app/palette.js';

/** WCAG 2.x relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((at) => parseInt(hex.slice(at, at + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const tokens: Record<string, string | undefined> = { ...AA_TAG_TEXT };

// The presets antd's Tag draws (PresetColors); grey is a palette, not a Tag colour.
const TAG_PRESETS = Object.keys(presetPalettes).filter((name) => name !== 'grey');

/**
 * Issue 30: antd's preset Tag writes shade 7 of its palette on shade 1 (theme/util/genPresetColor);
 * the theme overrides shade 7 where antd's own is below AA. A palette change in antd, or a token
 * dropped from the theme, fails here before axe finds it on a screen.
 */
describe('the console theme', () => {
  it.each(TAG_PRESETS)('writes a %s tag at AA contrast (4.5:1) on its background', (preset) => {
    const palette = presetPalettes[preset]!;
    const text = tokens[`${preset}7`] ?? palette[6]!;
    expect(contrast(text, palette[0]!)).toBeGreaterThanOrEqual(4.5);
  });

  // A link's or an outlined button's text in the brand green, at rest, hovered and pressed, on
  // white and on the brand surface; and white text on a primary button in each state.
  it.each([
    ['at rest', brand.primary],
    ['hovered', brand.primaryHover],
    ['pressed', brand.primaryDark],
  ])('writes brand-green text %s at AA contrast, and white text on it', (_state, green) => {
    expect(contrast(green, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(green, brand.surface)).toBeGreaterThanOrEqual(4.5);
  });
});
