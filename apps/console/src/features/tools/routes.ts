import type { RouteObject } from 'react-router-dom';
import { AppPath } from '../../app/paths';

/**
 * The four public tools of the footer (spec §2), each page lazy. Mounted inside the public
 * shell by app/router.tsx; not behind the location gate.
 */
export const toolRoutes: RouteObject[] = [
  {
    path: AppPath.loanCalculator,
    lazy: async () => ({
      Component: (await import('./loan/LoanCalculatorPage')).LoanCalculatorPage,
    }),
  },
  {
    path: AppPath.taxCalculator,
    lazy: async () => ({
      Component: (await import('./tax/TaxCalculatorPage')).TaxCalculatorPage,
    }),
  },
  {
    path: AppPath.currencyConverter,
    lazy: async () => ({
      Component: (await import('./currency/CurrencyConverterPage')).CurrencyConverterPage,
    }),
  },
  {
    path: AppPath.geoMap,
    lazy: async () => ({ Component: (await import('./geo/GeoMapPage')).GeoMapPage }),
  },
];
