import { ClientResponseError } from 'pocketbase';

import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { CASHBACK_MESSAGES } from '../schemas/cashback';

/** The first open voucher with this code, or null. Other failures throw the helper's message. */
export function checkVoucher(code: string): Promise<{ id: string; campaign: string } | null> {
  return withSession(async () => {
    try {
      const v = await pb
        .collection('vouchers')
        .getFirstListItem(pb.filter('code = {:code} && status = "open"', { code: code.trim().toUpperCase() }), {
          fields: 'id,campaign',
          requestKey: null,
        });
      return { id: v.id, campaign: v.campaign as string };
    } catch (err) {
      if (err instanceof ClientResponseError && err.status === 404) return null;
      throw new Error(CASHBACK_MESSAGES.checkHelperFailed, { cause: err });
    }
  });
}

export class SubmissionError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: Record<string, { code?: string; message?: string }> = {},
  ) {
    super(message);
  }
}

export interface SubmissionInput {
  ibanFirstName: string;
  ibanLastName: string;
  ibanNumber: string;
  ibanBic: string;
  campaign: string;
  voucher: string;
  user: string;
  file: File;
}

/**
 * Creates the submission as multipart. XMLHttpRequest instead of fetch, because only it
 * reports upload progress for the invoice.
 */
export function createSubmission(input: SubmissionInput, onProgress: (percent: number) => void): Promise<{ id: string }> {
  return withSession(
    () =>
      new Promise((resolve, reject) => {
        const body = new FormData();
        for (const [key, value] of Object.entries(input)) body.append(key, value);
        const xhr = new XMLHttpRequest();
        xhr.open('POST', pb.buildURL('/api/collections/submissions/records'));
        xhr.setRequestHeader('Authorization', pb.authStore.token);
        xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
        xhr.onerror = () => reject(new SubmissionError(CASHBACK_MESSAGES.uploadFailed, 0));
        xhr.onload = () => {
          let json: { id?: string; data?: Record<string, { code?: string; message?: string }> } = {};
          try {
            json = JSON.parse(xhr.responseText || '{}');
          } catch {
            // not JSON: handled by the status below
          }
          if (xhr.status >= 200 && xhr.status < 300 && json.id) resolve({ id: json.id });
          else reject(new SubmissionError(CASHBACK_MESSAGES.submitFailed, xhr.status, json.data ?? {}));
        };
        xhr.send(body);
      }),
  );
}

/** What the form offers a workshop: its verification state, its open codes and its name for the account holder. */
export interface RedeemContext {
  email: string;
  verified: boolean;
  firstName: string;
  lastName: string;
  openCodes: string[];
}

/** The signed-in workshop's context; null for staff, who only look at the form. */
export function loadRedeemContext(): Promise<RedeemContext | null> {
  return withSession(async () => {
    const record = pb.authStore.record;
    if (!record || record.collectionName !== 'users') return null;
    const [user, vouchers] = await Promise.all([
      pb.collection('users').getOne(record.id, { fields: 'email,verified,firstName,lastName', requestKey: null }),
      pb.collection('vouchers').getFullList({
        filter: pb.filter('user = {:user} && status = "open"', { user: record.id }),
        sort: 'created',
        fields: 'code',
        requestKey: null,
      }),
    ]);
    return {
      email: user.email as string,
      verified: user.verified === true,
      firstName: (user.firstName as string) ?? '',
      lastName: (user.lastName as string) ?? '',
      openCodes: vouchers.map((v) => v.code as string),
    };
  });
}
