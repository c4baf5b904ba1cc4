import { pb } from '@/lib/pocketbase';
import { CENTRE_PAGE_SIZE, type Centre } from '@/lib/service-centres';

/** Page 1 of nora_lz, 500 per page, by name; a term must appear in name, PLZ or city. */
export async function searchCentres(term: string): Promise<{ items: Centre[]; totalItems: number }> {
  const trimmed = term.trim();
  const filter = trimmed ? pb.filter('partnerName ~ {:term} || zipCode ~ {:term} || city ~ {:term}', { term: trimmed }) : '';
  const page = await pb.collection('nora_lz').getList<Centre>(1, CENTRE_PAGE_SIZE, {
    filter,
    sort: 'partnerName',
    fields: 'id,partnerName,city,zipCode',
    requestKey: null,
  });
  return { items: page.items, totalItems: page.totalItems };
}
