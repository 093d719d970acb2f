import type { TFunction } from 'i18next';
import { AppPath, type AppPathPattern } from '../../app/paths';

/** The public shell's translate function (`useTranslation('public')`). */
export type PublicT = TFunction<'public'>;

export interface NavItem {
  /** The link's words in the current language. */
  label: (t: PublicT) => string;
  to: AppPathPattern;
}

export interface FooterGroup {
  /** Names the group (and its list) for the reader. */
  id: string;
  heading: (t: PublicT) => string;
  items: NavItem[];
}

/** Navbar links of spec §2, in its order. */
export const navbarItems: NavItem[] = [
  { label: (t) => t('public:nav.aboutUs'), to: AppPath.aboutUs },
  { label: (t) => t('public:nav.contactUs'), to: AppPath.contactUs },
  { label: (t) => t('public:nav.careers'), to: AppPath.career },
  { label: (t) => t('public:nav.partnerLogin'), to: AppPath.partnerLogin },
  { label: (t) => t('public:nav.ourServices'), to: AppPath.ourServices },
];

/** Signed-out menu of spec §2 (its words are the session menu's). */
export const signedOutItems = {
  login: { to: AppPath.login },
  signup: { to: AppPath.signup },
} as const satisfies Record<string, Pick<NavItem, 'to'>>;

/** Every footer link of spec §2, grouped for reading. */
export const footerGroups: FooterGroup[] = [
  {
    id: 'company',
    heading: (t) => t('public:footer.company.heading'),
    items: [
      { label: (t) => t('public:footer.company.careers'), to: AppPath.careers },
      { label: (t) => t('public:footer.company.blog'), to: AppPath.blog },
    ],
  },
  {
    id: 'services',
    heading: (t) => t('public:footer.services.heading'),
    items: [
      { label: (t) => t('public:footer.services.utilityPayments'), to: AppPath.utilityPayments },
      { label: (t) => t('public:footer.services.rentalAgreement'), to: AppPath.rentalAgreement },
      { label: (t) => t('public:footer.services.documentServices'), to: AppPath.documentServices },
      {
        label: (t) => t('public:footer.services.businessSolutions'),
        to: AppPath.businessSolutions,
      },
    ],
  },
  {
    id: 'tools',
    heading: (t) => t('public:footer.tools.heading'),
    items: [
      { label: (t) => t('public:footer.tools.geoMap'), to: AppPath.geoMap },
      { label: (t) => t('public:footer.tools.loanCalculator'), to: AppPath.loanCalculator },
      { label: (t) => t('public:footer.tools.taxCalculator'), to: AppPath.taxCalculator },
      { label: (t) => t('public:footer.tools.currencyConverter'), to: AppPath.currencyConverter },
    ],
  },
  {
    id: 'legal',
    heading: (t) => t('public:footer.legal.heading'),
    items: [
      { label: (t) => t('public:footer.legal.privacyPolicy'), to: AppPath.privacyPolicy },
      { label: (t) => t('public:footer.legal.terms'), to: AppPath.termsAndConditions },
      { label: (t) => t('public:footer.legal.cookiePolicy'), to: AppPath.cookiePolicy },
      { label: (t) => t('public:footer.legal.refundPolicy'), to: AppPath.refundPolicy },
    ],
  },
];
