import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { CASHBACK_MESSAGES } from '../schemas/cashback';
import { SubmissionError, type SubmissionInput } from './model';

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
