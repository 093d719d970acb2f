import type { MappingAlgorithm, ThemeConfig } from 'antd';
import { AA_TAG_TEXT, brand } from './palette';

/**
 * The step after antd's algorithm that writes the AA shades of the preset tags' text
 * (AA_TAG_TEXT): a palette shade is derived from the seed colours, so `token` cannot set it.
 */
export const withAaTagText: MappingAlgorithm = (_seed, map) => ({ ...map!, ...AA_TAG_TEXT });

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brand.primary,
    colorLink: brand.primary,
    colorPrimaryHover: brand.primaryHover,
    colorLinkHover: brand.primaryHover,
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
export function applyBrandCssVariables(root: {
  style: { setProperty(name: string, value: string): void };
}): void {
  for (const [name, value] of Object.entries(brandCssVariables())) {
    root.style.setProperty(name, value);
  }
}

/** The brand's CSS variables; the build's prerender writes them on the document's root too. */
export function brandCssVariables(): Record<string, string> {
  return {
    '--khata-primary': brand.primary,
    '--khata-primary-hover': brand.primaryHover,
    '--khata-primary-dark': brand.primaryDark,
    '--khata-accent': brand.accent,
    '--khata-ink': brand.ink,
    '--khata-surface': brand.surface,
  };
}
