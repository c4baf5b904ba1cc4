import { withPlaceholders, type Operator } from '@/config/company';
import { pb } from '@/lib/pocketbase';

/** The operator's details as configured on the server; placeholders where it has none or cannot answer. */
export async function loadOperator(): Promise<Operator> {
  try {
    return withPlaceholders(await pb.send<Partial<Record<keyof Operator, string | null>>>('/api/portal/operator', { requestKey: null }));
  } catch (err) {
    console.error('Betreiberangaben nicht geladen', err);
    return withPlaceholders(null);
  }
}
