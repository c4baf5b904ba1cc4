import { Trash2 } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

import { cleanCustomerNumber, type CentreLink } from './schema';

interface CentreListProps {
  links: CentreLink[];
  onRemove?: (partnerId: string) => void;
  /** When given, the customer number is editable. */
  onCustomerNumberChange?: (partnerId: string, customerNumber: string) => void;
  errors?: Record<string, string | undefined>;
}

/** The linked service centres with their customer numbers. */
export function CentreList({ links, onRemove, onCustomerNumberChange, errors = {} }: CentreListProps) {
  if (links.length === 0) return <p className="text-slate-700">Noch kein Leistungszentrum hinzugefügt.</p>;
  return (
    <ul aria-label="Verknüpfte Leistungszentren" className="flex flex-col gap-3">
      {links.map((link) => (
        <li key={link.partnerId} className="flex flex-col gap-3 rounded-md border border-slate-300 p-3 sm:flex-row sm:items-center">
          <div className="flex-1">
            <p className="font-semibold text-slate-900">{link.partnerName}</p>
            {!onCustomerNumberChange && <p className="text-sm text-slate-700">Kundennummer: {link.customerNumber}</p>}
          </div>
          {onCustomerNumberChange && (
            <TextField
              label={`Kundennummer bei ${link.partnerName}`}
              className="sm:max-w-60"
              value={link.customerNumber}
              maxLength={30}
              required
              error={errors[link.partnerId]}
              onChange={(e) => onCustomerNumberChange(link.partnerId, cleanCustomerNumber(e.target.value))}
            />
          )}
          {onRemove && (
            <Button variant="ghost" size="sm" onClick={() => onRemove(link.partnerId)} aria-label={`${link.partnerName} entfernen`}>
              <Trash2 aria-hidden="true" className="size-4" />
              Entfernen
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
