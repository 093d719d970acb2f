// All Users and User details (issue 12): the public entry of the feature.
export { AllUsersPage } from './AllUsersPage';
export { UserDetailsPage } from './UserDetailsPage';
