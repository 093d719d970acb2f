import { AppPath, type AppPathPattern } from '../../app/paths';

export interface NavItem {
  label: string;
  to: AppPathPattern;
}

export interface FooterGroup {
  heading: string;
  items: NavItem[];
}

/** Navbar links of spec §2, in its order. */
export const navbarItems: NavItem[] = [
  { label: 'About us', to: AppPath.aboutUs },
  { label: 'Contact us', to: AppPath.contactUs },
  { label: 'Careers', to: AppPath.career },
  { label: 'Partner login', to: AppPath.partnerLogin },
  { label: 'Our services', to: AppPath.ourServices },
];

/** Signed-out menu of spec §2. The signed-in menu comes with authentication. */
export const signedOutItems = {
  login: { label: 'Login', to: AppPath.login },
  signup: { label: 'Sign Up', to: AppPath.signup },
} satisfies Record<string, NavItem>;

/** Every footer link of spec §2, grouped for reading. */
export const footerGroups: FooterGroup[] = [
  {
    heading: 'Company',
    items: [
      { label: 'Careers', to: AppPath.careers },
      { label: 'Blog', to: AppPath.blog },
    ],
  },
  {
    heading: 'Services',
    items: [
      { label: 'Utility payments', to: AppPath.utilityPayments },
      { label: 'Rental agreement', to: AppPath.rentalAgreement },
      { label: 'Document services', to: AppPath.documentServices },
      { label: 'Business solutions', to: AppPath.businessSolutions },
    ],
  },
  {
    heading: 'Tools',
    items: [
      { label: 'Geo map', to: AppPath.geoMap },
      { label: 'Loan calculator', to: AppPath.loanCalculator },
      { label: 'Tax calculator', to: AppPath.taxCalculator },
      { label: 'Currency converter', to: AppPath.currencyConverter },
    ],
  },
  {
    heading: 'Legal',
    items: [
      { label: 'Privacy policy', to: AppPath.privacyPolicy },
      { label: 'Terms and conditions', to: AppPath.termsAndConditions },
      { label: 'Cookie policy', to: AppPath.cookiePolicy },
      { label: 'Refund policy', to: AppPath.refundPolicy },
    ],
  },
];
