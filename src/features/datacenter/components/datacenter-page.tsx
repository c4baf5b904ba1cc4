import { CampaignClockNote } from '@/components/campaign-clock-note';
import { useSessionStore } from '@/stores/session';

import { AuditFileBlock, InvoiceCheckBlock } from './audit-file-and-invoice-check';
import { RegistrationFilesBlock, UserFilesBlock } from './export-file-blocks';
import { DashboardBlock } from './dashboard-block';
import { DeletionsBlock } from './deletions-block';
import { ImportGateBlock } from './import-gate-block';
import { MailLogBlock } from './mail-log-block';
import { PayoutsBlock } from './payouts-block';
import { ReviewQueueBlock } from './review-queue-block';
import { StaffLogBlock } from './staff-log-block';
import { AuditUploadBlock, BusinessPartnerBlock, SalesUploadBlock } from './sales-partner-audit-uploads';
import { WorkshopsBlock } from './workshops-block';

/**
 * SPEC section 2: four blocks for administrators, four for auditors. Administrators also get the
 * back office (dashboard, workshops, staff log), the import gate, payouts and the mail log;
 * auditors the review queue.
 */
export function DatacenterPage() {
  const role = useSessionStore((s) => s.role);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Datacenter</h1>
      <CampaignClockNote />
      <RegistrationFilesBlock />
      {role === 'Administrator' && (
        <>
          <DashboardBlock />
          <WorkshopsBlock />
          <SalesUploadBlock />
          <ImportGateBlock />
          <UserFilesBlock />
          <BusinessPartnerBlock />
          <PayoutsBlock />
          <MailLogBlock />
          <StaffLogBlock />
          <DeletionsBlock />
        </>
      )}
      {role === 'Auditor' && (
        <>
          <ReviewQueueBlock />
          <AuditFileBlock />
          <AuditUploadBlock />
          <InvoiceCheckBlock />
        </>
      )}
    </div>
  );
}
