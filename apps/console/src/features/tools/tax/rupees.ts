import { formatMoney } from '../../../i18n/format';

/** Whole rupees without the paise, as slabs and caps are written: "₹1,50,000". */
export const wholeRupees = (paise: number) => formatMoney(paise).replace(/\.00$/, '');
