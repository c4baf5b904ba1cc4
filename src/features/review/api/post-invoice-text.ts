import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { Signal } from './model';

/** What pdf.js read from the invoice's text layer; the server derives number, date and signals from it. */
export const postInvoiceText = (id: string, text: string) =>
  withSession(() =>
    pb.send<{ signals: Signal[]; invoiceNumber: string; invoiceDate: string }>(`/api/portal/review/${encodeURIComponent(id)}/text`, {
      method: 'POST',
      body: { text },
      requestKey: null,
    }),
  );
