import { App as AntApp, ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { currentLanguage } from '../i18n/i18n';
import { ANTD_LOCALES } from './antdLocale';
import { theme, withAaTagText } from './theme';

const themeWithAaTags: ThemeConfig = {
  ...theme,
  algorithm: [antdTheme.defaultAlgorithm, withAaTagText],
};

/**
 * antd's theme, locale and App context (message, modal, notification) for the routes that
 * use antd: a lazy layout route (app/router.tsx), so antd's runtime loads with the first such
 * screen and never with the home page (docs/performance.md, "Console first load").
 */
export function AntdLayout() {
  // Re-renders on a language change, so antd's own words follow it.
  useTranslation();
  return (
    <ConfigProvider locale={ANTD_LOCALES[currentLanguage()]} theme={themeWithAaTags}>
      <AntApp>
        <Outlet />
      </AntApp>
    </ConfigProvider>
  );
}
