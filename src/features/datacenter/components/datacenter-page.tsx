import { useSessionStore } from '@/stores/session';

import { AuditFileBlock, InvoiceCheckBlock } from './auditor-blocks';
import { RegistrationFilesBlock, UserFilesBlock } from './blocks';
import { AuditUploadBlock, BusinessPartnerBlock, SalesUploadBlock } from './upload-blocks';

/** SPEC section 2: four blocks for administrators, four for auditors. */
export function DatacenterPage() {
  const role = useSessionStore((s) => s.role);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Datacenter</h1>
      <RegistrationFilesBlock />
      {role === 'Administrator' && (
        <>
          <SalesUploadBlock />
          <UserFilesBlock />
          <BusinessPartnerBlock />
        </>
      )}
      {role === 'Auditor' && (
        <>
          <AuditFileBlock />
          <AuditUploadBlock />
          <InvoiceCheckBlock />
        </>
      )}
    </div>
  );
}
