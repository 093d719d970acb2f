// BBPS complaints (issue 27): raised on a bill payment or about a service, shown with the complaints.
export {
  BbpsComplaintButton,
  BbpsComplaintModal,
  type BbpsComplaintPayment,
} from './BbpsComplaintButton';
export { BbpsServiceComplaintForm } from './BbpsServiceComplaintForm';
export { BbpsComplaintFactsList } from './BbpsComplaintFactsList';
export { BbpsStatusTag, BbpsTag, CheckBbpsStatusButton, formatDueOn } from './BbpsTag';
