import { Typography } from 'antd';
import { AppPath } from '../app/paths';
import { ButtonLink } from './ButtonLink';
import { usePageTitle } from './usePageTitle';
import './status-page.css';

export interface StatusPageProps {
  status: number;
  title: string;
  message: string;
}

/** A full-width message with its status code and a way home: not-found and error screens. */
export function StatusPage({ status, title, message }: StatusPageProps) {
  usePageTitle(title);
  return (
    <section className="status-page" aria-labelledby="status-page-title">
      <p className="status-page__code">{status}</p>
      <Typography.Title id="status-page-title" level={1} className="status-page__title">
        {title}
      </Typography.Title>
      <Typography.Paragraph className="status-page__message">{message}</Typography.Paragraph>
      <ButtonLink type="primary" size="large" to={AppPath.home}>
        Go to the home page
      </ButtonLink>
    </section>
  );
}
