import type { ThemeConfig } from 'antd';

/** Khata's brand: a deep ledger green, with a saffron accent used sparingly. */
export const brand = {
  primary: '#0b6b58',
  primaryDark: '#074a3d',
  accent: '#f29d38',
  ink: '#14211d',
  surface: '#f4f8f6',
} as const;

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
    borderRadius: 8,
    fontSize: 15,
    // No motion: antd removes a closing dialog, drawer, toast or button spinner only when its
    // CSS animation ends, and a busy page can miss that end; the invisible dialog then takes
    // every click (docs/decisions.md, "No motion in the console").
    motion: false,
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
