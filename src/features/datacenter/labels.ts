import { MAIL_STATUS_LABELS as RULE_MAIL_STATUS_LABELS } from '@/rules/labels';

import type { MailStatus } from './api/mail-log/model';
import type { Payout } from './api/payouts/model';

// German labels of server states, shared by the data area's blocks.

// The mail labels are the rulebook's (the workshop's data export names mails the same way).
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = RULE_MAIL_STATUS_LABELS;
export { MAIL_TEMPLATE_LABELS } from '@/rules/labels';

export const PAYOUT_STATUS_LABELS: Record<Payout['status'], string> = {
  payable: 'Auszahlbar',
  held: 'Angehalten',
  in_batch: 'Im Auszahlungslauf',
  exported: 'Exportiert',
  paid: 'Ausgezahlt',
  returned: 'Zurückgekommen',
};
