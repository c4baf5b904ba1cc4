import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Link, Navigate, useParams } from 'react-router';

import { CampaignClockNote } from '@/components/campaign-clock-note';
import { Spinner } from '@/components/ui/spinner';
import { jobsFor, type DatacenterJobSlug } from '@/config/datacenter-jobs';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/stores/session';
import { cn } from '@/utils/cn';

// The data area composes the staff features, one job at a time (issue 36, decision 039). Each
// job's code loads when it is opened: a job is a chunk of its own.

/** A named export of a feature module as a lazily loaded component. */
function part<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const DashboardBlock = part(() => import('@/features/dashboard/components/dashboard-block'), 'DashboardBlock');
const WorkshopsBlock = part(() => import('@/features/workshops/components/workshops-block'), 'WorkshopsBlock');
const MailLogBlock = part(() => import('@/features/mail-log/components/mail-log-block'), 'MailLogBlock');
const StaffLogBlock = part(() => import('@/features/staff-log/components/staff-log-block'), 'StaffLogBlock');
const DeletionsBlock = part(() => import('@/features/deletions/components/deletions-block'), 'DeletionsBlock');
const uploads = () => import('@/features/imports/components/upload-blocks');
const SalesUploadBlock = part(uploads, 'SalesUploadBlock');
const ImportGateBlock = part(() => import('@/features/imports/components/import-gate-block'), 'ImportGateBlock');
const BusinessPartnerBlock = part(uploads, 'BusinessPartnerBlock');
const CampaignsBlock = part(() => import('@/features/campaigns/components/campaigns-block'), 'CampaignsBlock');
const PayoutsBlock = part(() => import('@/features/payouts/components/payouts-block'), 'PayoutsBlock');
const ReviewQueueBlock = part(() => import('@/features/review/components/review-queue-block'), 'ReviewQueueBlock');
const auditFile = () => import('@/features/review/components/audit-file-and-invoice-check');
const AuditFileBlock = part(auditFile, 'AuditFileBlock');
const AuditUploadBlock = part(() => import('@/features/review/components/audit-upload-block'), 'AuditUploadBlock');
const InvoiceCheckBlock = part(auditFile, 'InvoiceCheckBlock');
const files = () => import('@/features/exports/components/export-file-blocks');
const RegistrationFilesBlock = part(files, 'RegistrationFilesBlock');
const UserFilesBlock = part(files, 'UserFilesBlock');

/** What each job shows. SPEC section 2's blocks are all here: the files job and the auditors' two. */
const JOB_BLOCKS: Record<DatacenterJobSlug, (role: string) => ComponentType[]> = {
  uebersicht: () => [DashboardBlock],
  werkstaetten: () => [WorkshopsBlock],
  importe: () => [SalesUploadBlock, ImportGateBlock, BusinessPartnerBlock],
  auszahlungen: () => [PayoutsBlock],
  aktionen: () => [CampaignsBlock],
  pruefung: () => [ReviewQueueBlock],
  pruefdateien: () => [AuditFileBlock, AuditUploadBlock, InvoiceCheckBlock],
  dateien: (role) => (role === 'Administrator' ? [RegistrationFilesBlock, UserFilesBlock] : [RegistrationFilesBlock]),
  'e-mails': () => [MailLogBlock],
  protokoll: () => [StaffLogBlock],
  loeschantraege: () => [DeletionsBlock],
};

export default function DatacenterRoute() {
  const role = useSessionStore((s) => s.role);
  const { job: slug } = useParams();
  const jobs = jobsFor(role);
  const job = slug === undefined ? jobs[0] : jobs.find((j) => j.slug === slug);
  // An unknown job, or one of the other role: the page does not exist for this visitor.
  if (!job || !role) return <Navigate to={paths.notFound.getHref()} replace />;
  const blocks = JOB_BLOCKS[job.slug as DatacenterJobSlug](role);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Datacenter</h1>
      <CampaignClockNote />
      <nav aria-label="Bereiche des Datacenters">
        <ul className="flex flex-wrap gap-2">
          {jobs.map((j, i) => (
            <li key={j.slug}>
              <Link
                to={i === 0 ? paths.datacenter.getHref() : paths.datacenterJob.getHref(j.slug)}
                // The first job is also /datacenter itself.
                aria-current={j === job ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-11 items-center rounded-md border px-3 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:outline-none',
                  j === job
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-brand-700 hover:text-brand-800',
                )}
              >
                {j.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<Spinner label={`${job.label} wird geladen...`} />}>
        {blocks.map((Block, i) => (
          <Block key={`${job.slug}-${i}`} />
        ))}
      </Suspense>
    </div>
  );
}
