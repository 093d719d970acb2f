import { useTranslation } from 'react-i18next';
import { chooseLanguage } from './chooseLanguage';
import { currentLanguage } from './i18n';
import { LANGUAGE_NAMES, type Language } from './languages';
import './language-switch.css';

export interface LanguageSwitchProps {
  className?: string;
}

/**
 * The language switch of the top bar and the public navbar (issue 30): one button that names the
 * other language in its own script ("हिन्दी" in English, "English" in Hindi), so the reader who
 * needs it can read it. No antd: the public navbar is in every first load.
 */
export function LanguageSwitch({ className }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const other: Language = currentLanguage() === 'hi' ? 'en' : 'hi';
  return (
    <button
      type="button"
      className={['language-switch', className].filter(Boolean).join(' ')}
      lang={other}
      title={t('language.switchTitle')}
      data-testid="language-switch"
      onClick={() => void chooseLanguage(other)}
    >
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
