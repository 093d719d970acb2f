import type { ThemeConfig } from 'antd';
import type { MapToken, SeedToken } from 'antd/es/theme/interface';

/** Khata's brand: a deep ledger green, with a saffron accent used sparingly. */
export const brand = {
  primary: '#0b6b58',
  primaryDark: '#074a3d',
  accent: '#f29d38',
  ink: '#14211d',
  surface: '#f4f8f6',
} as const;

/**
 * Issue 30 (WCAG 1.4.3): antd writes a preset Tag's text (`<Tag color="cyan">`, the status and
 * kind tags of the reports) in its palette's shade 7 on shade 1, which is 2.0:1 to 4.4:1 for
 * seven of the presets. Each of those takes the first darker shade of its own palette that
 * reads at least 4.5:1 on that background, so the tags keep their hue and pass AA.
 * tests/unit/theme-contrast.spec.ts checks every preset against its background.
 *
 * A palette shade is a derived token: antd's algorithm computes it from the seed colour after
 * `token` is read, so it is set by an algorithm step after antd's own (`withAaTagText`, which
 * AntdLayout adds after `theme.defaultAlgorithm`; this file stays free of antd's runtime, since
 * the entry imports it).
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

export function withAaTagText(_seed: SeedToken, map?: MapToken): MapToken {
  return { ...map!, ...AA_TAG_TEXT };
}

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brand.primary,
    colorLink: brand.primary,
    colorInfo: brand.primary,
    // Issue 23: antd derived the info background from the brand green as a mid grey-green, on
    // which the KYC notices' text and the "Being verified" tag fell below WCAG AA. Light tints
    // of the brand keep every info text at 4.5:1 or more (checked in admin-kyc.spec.ts).
    colorInfoBg: '#e7f3ef',
    colorInfoBgHover: '#d3e9e1',
    colorInfoBorder: '#9ccbbd',
    colorInfoBorderHover: '#79b6a4',
    colorTextBase: brand.ink,
    // Issue 30 (axe-core, WCAG 1.4.3 AA): antd's status colours as text on their own tints read
    // 2.2:1 (success), 1.8:1 (warning) and 3.0:1 (error). Darker seeds (antd's green-8,
    // orange-8, red-7) read 5.4, 5.2 and 5.1:1 on the same light tints, kept explicitly so tags
    // and alerts look as before. The Bg/Border values are antd's defaults.
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#ad4e00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    // Secondary and descriptive text, and placeholders (antd: ink at 65%, 45%, 25%, down to
    // 1.7:1): ink at 65% reads 5.2:1 on white and 5.1:1 on the brand surface.
    colorTextSecondary: 'rgba(20, 33, 29, 0.65)',
    colorTextTertiary: 'rgba(20, 33, 29, 0.65)',
    colorTextDescription: 'rgba(20, 33, 29, 0.65)',
    colorTextPlaceholder: 'rgba(20, 33, 29, 0.65)',
    borderRadius: 8,
    fontSize: 15,
    // No motion: antd removes a closing dialog, drawer, toast or button spinner only when its
    // CSS animation ends, and a busy page can miss that end; the invisible dialog then takes
    // every click (docs/decisions.md, "No motion in the console").
    motion: false,
  },
  components: {
    // An empty table's "No data" is antd's disabled grey (2.4:1): it is content, not a
    // disabled control, so it reads as secondary text does (WCAG 1.4.3).
    Table: { colorTextDisabled: 'rgba(20, 33, 29, 0.65)' },
  },
};

/**
 * The same colours as CSS custom properties on the document root, so plain CSS files share
 * one source of truth with the antd theme. On the root, not on an app wrapper, because
 * antd renders drawers and modals in portals outside it.
 */
export function applyBrandCssVariables(root: HTMLElement): void {
  const variables: Record<string, string> = {
    '--khata-primary': brand.primary,
    '--khata-primary-dark': brand.primaryDark,
    '--khata-accent': brand.accent,
    '--khata-ink': brand.ink,
    '--khata-surface': brand.surface,
  };
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
}
