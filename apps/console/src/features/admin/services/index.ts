// The services feature's public entry (issue 12): its two screens, and the card the User
// details screen shows.
export { ServiceManagementPage } from './ServiceManagementPage';
export { UpdateServicesPage } from './UpdateServicesPage';
export { UserServicesCard, type UserServicesCardProps } from './UserServicesCard';
export { servicesKeys } from './api';
