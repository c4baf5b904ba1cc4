import { serverRefusal } from '@/lib/api/server-refusal';
import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { WORKSHOP_MESSAGES, type WorkshopStory } from './model';

/** One action with its reason; the server's German refusal is passed on (a field's message first). */
export async function workshopAction(id: string, action: string, body: Record<string, string>): Promise<WorkshopStory> {
  try {
    return await withSession(() =>
      pb.send<WorkshopStory>(`/api/portal/backoffice/workshops/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body,
        requestKey: null,
      }),
    );
  } catch (err) {
    throw new Error(serverRefusal(err, WORKSHOP_MESSAGES.actionFailed, { fieldFirst: true }));
  }
}
