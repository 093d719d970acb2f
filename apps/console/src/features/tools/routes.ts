import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppPath } from '../../app/paths';
import { i18n } from '../../i18n/i18n';

/**
 * A tool page's lazy route: its code and the tools' texts in the current language together
 * (issue 30), so the page never suspends the whole app on its texts.
 */
function tool<T>(load: () => Promise<T>, pick: (module: T) => ComponentType) {
  return async () => {
    const [module] = await Promise.all([load(), i18n.loadNamespaces('tools')]);
    return { Component: pick(module) };
  };
}

/**
 * The four public tools of the footer (spec §2), each page lazy. Mounted inside the public
 * shell by app/router.tsx; not behind the location gate.
 */
export const toolRoutes: RouteObject[] = [
  {
    path: AppPath.loanCalculator,
    lazy: tool(
      () => import('./loan/LoanCalculatorPage'),
      (module) => module.LoanCalculatorPage,
    ),
  },
  {
    path: AppPath.taxCalculator,
    lazy: tool(
      () => import('./tax/TaxCalculatorPage'),
      (module) => module.TaxCalculatorPage,
    ),
  },
  {
    path: AppPath.currencyConverter,
    lazy: tool(
      () => import('./currency/CurrencyConverterPage'),
      (module) => module.CurrencyConverterPage,
    ),
  },
  {
    path: AppPath.geoMap,
    lazy: tool(
      () => import('./geo/GeoMapPage'),
      (module) => module.GeoMapPage,
    ),
  },
];
