/**
 * The colours the theme is built from, in a file of their own without antd, so a unit test
 * (tests/unit/theme-contrast.spec.ts) can check their contrast without antd's and React's types.
 */
/**
 * Issue 30 (WCAG 1.4.3): antd writes a preset Tag's text (`<Tag color="cyan">`, the status and
 * kind tags of the reports) in its palette's shade 7 on shade 1, which is 2.0:1 to 4.4:1 for
 * seven of the presets. Each of those takes the first darker shade of its own palette that
 * reads at least 4.5:1 on that background, so the tags keep their hue and pass AA.
 * tests/unit/theme-contrast.spec.ts checks every preset against its background.
 *
 * A palette shade is a derived token: antd's algorithm computes it from the seed colour after
 * `token` is read, so it is set by an algorithm step after antd's own (`withAaTagText`, which
 * AntdLayout adds after `theme.defaultAlgorithm`).
 */
export const AA_TAG_TEXT = {
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
} as const;

/** Khata's brand: a deep ledger green, with a saffron accent used sparingly. */
export const brand = {
  primary: '#0b6b58',
  // Hover darkens, as pressing does more: antd's derived hover (#2d8b73) lightened the green to
  // 4.2:1 on white, below AA for a hovered link's or button's text (issue 30, axe on a phone).
  primaryHover: '#095c4c',
  primaryDark: '#074a3d',
  accent: '#f29d38',
  ink: '#14211d',
  surface: '#f4f8f6',
} as const;
