import type { Locale } from 'antd/es/locale';
import enGB from 'antd/locale/en_GB';
import hiIN from 'antd/locale/hi_IN';
import type { Language } from '../i18n/languages';

/**
 * antd's own words (a modal's OK and Cancel, "(optional)", a table's empty state, the pager) in
 * the console's language (issue 30). antd's Hindi pack reads as a dictionary in places ("अच्छी
 * तरह से" for OK, "रद्द करना" for Cancel): the buttons a shop presses every day are said the
 * way the console's own buttons are (docs/i18n.md).
 */
const hindi: Locale = {
  ...hiIN,
  Modal: { okText: 'ठीक है', cancelText: 'रद्द करें', justOkText: 'ठीक है' },
  Popconfirm: { okText: 'हाँ', cancelText: 'रद्द करें' },
  Empty: { description: 'कोई डेटा नहीं है' },
  Form: { defaultValidateMessages: hiIN.Form?.defaultValidateMessages ?? {}, optional: '(वैकल्पिक)' },
};

export const ANTD_LOCALES: Record<Language, Locale> = { en: enGB, hi: hindi };
