import { AdminShell } from '../../shells/admin/AdminShell';
import { AepsSettlementPage } from './aeps/AepsSettlementPage';
import { AepsApprovalsPage } from './aeps-approvals';
import { ApprovalsPage } from './approvals';
import { OverdraftPage } from './balance';
import { AdminNotFoundPage } from './common/AdminNotFoundPage';
import { AdminAccountPage } from './company-account/AdminAccountPage';
import { MyProfitPage, TaxRatePage } from './commissions';
import { ComplaintsPage, MyComplaintsPage, RaiseTicketPage } from './complaints';
import { ContactRequestsPage } from './contact-requests';
import { CreatePartnerPage } from './create-partner/CreatePartnerPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { PaymentApprovalPage, PaymentRequestPage } from './fund-requests';
import { KycApprovalsPage, KycPage } from './kyc';
import { MapGeneratorPage } from './map-generator';
import { LedgerReportPage } from './ledger/LedgerReportPage';
import { MerchantListPage } from './merchants/MerchantListPage';
import { NetworkPage } from './network/NetworkPage';
import { PostNoticePage } from './notices';
import { ChangeMobilePage, OnboardingPage } from './onboarding';
import { BankPayoutPage } from './payouts/BankPayoutPage';
import { ProfilePage } from './profile/ProfilePage';
import { ServiceManagementPage, UpdateServicesPage } from './services';
import { PayoutReportPage, TransactionReportPage } from './transactions/TransactionReportPage';
import { AllUsersPage, UserDetailsPage } from './users';
import { LogsPage } from './logs';
import { DatabasePage } from './database';
import { DayBookPage, MonthlyStatsPage } from './monthly-stats';
import { PaymentOperationsPage, PaymentTrackerPage } from './payment-ops';
import { WalletTransferPage } from './wallet-transfer/WalletTransferPage';
import { RentAgreementDetailsPage, RentAgreementPage, RentalAgreementsPage } from './rent';
import { RemitterKycPage } from './remitters/pages/RemitterKycPage';
import { DmtPaymentsPage, PpiMoneyTransferPage } from './dmt/pages/DmtPaymentsPage';
import { AepsPage } from './aeps-counter/pages/AepsPage';
import { AepsReportPage } from './aeps-counter/pages/AepsReportPage';
import { CcBillsPaymentPage, DhbvnBillPage, NewBbpsPage, UtilityServicePage } from './bbps';
import { BbpsReportPage } from './bbps-report/pages/BbpsReportPage';
import { FinkedaPage, Pay10PaymentsPage, PaycelHistoryPage } from './gateway-loads';

/**
 * The admin area's layout and screens: one lazy module, loaded by the first admin route.
 *
 * One module rather than a chunk per screen, measured (docs/performance.md): with Vite 8's
 * `entriesAware` antd group, every lazy admin screen becomes another "entry" that splits the
 * public pages' shared antd chunks into more pieces, and the entry's preload map names each
 * piece, so per-screen chunks grew the public first load by about 3.5 kB gzipped more than
 * one admin chunk does. The screens are small (about 60 kB together before gzip).
 */
export const adminScreens = {
  shell: AdminShell,
  dashboard: DashboardPage,
  walletTransfer: WalletTransferPage,
  adminAccount: AdminAccountPage,
  network: NetworkPage,
  merchantList: MerchantListPage,
  transactionReport: TransactionReportPage,
  payoutReport: PayoutReportPage,
  ledgerReport: LedgerReportPage,
  profile: ProfilePage,
  bankPayout: BankPayoutPage,
  aepsSettlement: AepsSettlementPage,
  allUsers: AllUsersPage,
  userDetails: UserDetailsPage,
  createPartner: CreatePartnerPage,
  serviceManagement: ServiceManagementPage,
  updateServices: UpdateServicesPage,
  kyc: KycPage,
  kycApprovals: KycApprovalsPage,
  aepsApprovals: AepsApprovalsPage,
  approvals: ApprovalsPage,
  paymentRequest: PaymentRequestPage,
  paymentApproval: PaymentApprovalPage,
  onboarding: OnboardingPage,
  changeMobile: ChangeMobilePage,
  overdraft: OverdraftPage,
  taxRate: TaxRatePage,
  myProfit: MyProfitPage,
  contactRequests: ContactRequestsPage,
  mapGenerator: MapGeneratorPage,
  logs: LogsPage,
  database: DatabasePage,
  monthlyStats: MonthlyStatsPage,
  dayBook: DayBookPage,
  postNotice: PostNoticePage,
  raiseTicket: RaiseTicketPage,
  myComplaints: MyComplaintsPage,
  complaints: ComplaintsPage,
  paymentOperations: PaymentOperationsPage,
  paymentTracker: PaymentTrackerPage,
  remitterKyc: RemitterKycPage,
  dmtPayments: DmtPaymentsPage,
  ppiMoneyTransfer: PpiMoneyTransferPage,
  aeps: AepsPage,
  aepsReport: AepsReportPage,
  utilityService: UtilityServicePage,
  newBBPS: NewBbpsPage,
  dhbvnBill: DhbvnBillPage,
  ccBillsPayment: CcBillsPaymentPage,
  eBillReport: BbpsReportPage,
  rentAgreement: RentAgreementPage,
  rentalAgreements: RentalAgreementsPage,
  rentAgreementDetails: RentAgreementDetailsPage,
  pay10Payments: Pay10PaymentsPage,
  finkeda: FinkedaPage,
  paycelHistory: PaycelHistoryPage,
  notFound: AdminNotFoundPage,
};

export type AdminScreen = keyof typeof adminScreens;
