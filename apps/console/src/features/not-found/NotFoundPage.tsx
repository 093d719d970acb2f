import { StatusPage } from '../../ui/StatusPage';

export function NotFoundPage() {
  return (
    <StatusPage
      status={404}
      title="Page not found"
      message="The page you are looking for does not exist or has moved. Check the address, or start again from the home page."
    />
  );
}
