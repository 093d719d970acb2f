import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppPath, type AppPathPattern } from '../../app/paths';
import { usePageTitle } from '../../ui/usePageTitle';
import './tools.css';

const LINK_KEYS = {
  loan: 'page.links.loan',
  tax: 'page.links.tax',
  currency: 'page.links.currency',
  geo: 'page.links.geo',
} as const;

const tools: { to: AppPathPattern; label: keyof typeof LINK_KEYS }[] = [
  { to: AppPath.loanCalculator, label: 'loan' },
  { to: AppPath.taxCalculator, label: 'tax' },
  { to: AppPath.currencyConverter, label: 'currency' },
  { to: AppPath.geoMap, label: 'geo' },
];

export interface ToolPageProps {
  /** The document title and the page heading. */
  title: string;
  intro: ReactNode;
  /** Where the tool itself lives. */
  current: AppPathPattern;
  children: ReactNode;
}

/** The frame every tool shares: heading and intro, the tool, then links to the other tools. */
export function ToolPage({ title, intro, current, children }: ToolPageProps) {
  const { t } = useTranslation('tools');
  usePageTitle(title);
  return (
    <div className="tool-page">
      <header className="tool-page__header">
        <p className="tool-page__eyebrow">{t('page.eyebrow')}</p>
        <Typography.Title level={1} className="tool-page__title">
          {title}
        </Typography.Title>
        <Typography.Paragraph className="tool-page__intro">{intro}</Typography.Paragraph>
      </header>
      {children}
      <nav className="tool-page__more" aria-label={t('page.moreTools')}>
        <span className="tool-page__more-label">{t('page.moreToolsLabel')}</span>
        <ul>
          {tools
            .filter((tool) => tool.to !== current)
            .map((tool) => (
              <li key={tool.to}>
                <Link to={tool.to}>{t(LINK_KEYS[tool.label])}</Link>
              </li>
            ))}
        </ul>
      </nav>
    </div>
  );
}
