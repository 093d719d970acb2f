import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { AppPath, type AppPathPattern } from '../../app/paths';
import { usePageTitle } from '../../ui/usePageTitle';
import './tools.css';

const tools: { to: AppPathPattern; label: string }[] = [
  { to: AppPath.loanCalculator, label: 'Loan calculator' },
  { to: AppPath.taxCalculator, label: 'Tax calculator' },
  { to: AppPath.currencyConverter, label: 'Currency converter' },
  { to: AppPath.geoMap, label: 'Geo map' },
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
  usePageTitle(title);
  return (
    <div className="tool-page">
      <header className="tool-page__header">
        <p className="tool-page__eyebrow">Free tools by Khata</p>
        <Typography.Title level={1} className="tool-page__title">
          {title}
        </Typography.Title>
        <Typography.Paragraph className="tool-page__intro">{intro}</Typography.Paragraph>
      </header>
      {children}
      <nav className="tool-page__more" aria-label="More tools">
        <span className="tool-page__more-label">More tools:</span>
        <ul>
          {tools
            .filter((tool) => tool.to !== current)
            .map((tool) => (
              <li key={tool.to}>
                <Link to={tool.to}>{tool.label}</Link>
              </li>
            ))}
        </ul>
      </nav>
    </div>
  );
}
