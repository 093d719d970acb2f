export { ContactRequestsPage } from './ContactRequestsPage';
