import { Trash2 } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/text-field';
import { LIMITS, MESSAGES } from '@/rules';

import { cleanCustomerNumber, type CentreLink } from './schema';

interface CentreListProps {
  links: CentreLink[];
  onRemove?: (partnerId: string) => void;
  /** When given, the customer number is editable. */
  onCustomerNumberChange?: (partnerId: string, customerNumber: string) => void;
  errors?: Record<string, string | undefined>;
}

/** The linked service centres with their customer numbers; removing one asks first. */
export function CentreList({ links, onRemove, onCustomerNumberChange, errors = {} }: CentreListProps) {
  const [removing, setRemoving] = useState<CentreLink | null>(null);
  const [cleaned, setCleaned] = useState<Record<string, boolean>>({});
  if (links.length === 0) return <p className="text-slate-700">Noch kein Leistungszentrum hinzugefügt.</p>;
  return (
    <>
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
                maxLength={LIMITS.customerNumberMax}
                required
                error={errors[link.partnerId]}
                hint={cleaned[link.partnerId] ? MESSAGES.customerNumberCleaned : undefined}
                onChange={(e) => {
                  const clean = cleanCustomerNumber(e.target.value);
                  setCleaned((c) => ({ ...c, [link.partnerId]: clean !== e.target.value }));
                  onCustomerNumberChange(link.partnerId, clean);
                }}
              />
            )}
            {onRemove && (
              <Button variant="ghost" size="sm" onClick={() => setRemoving(link)} aria-label={`${link.partnerName} entfernen`}>
                <Trash2 aria-hidden="true" className="size-4" />
                Entfernen
              </Button>
            )}
          </li>
        ))}
      </ul>
      {onRemove && removing && (
        <ConfirmDialog
          title="Leistungszentrum entfernen?"
          description={`${removing.partnerName} wird aus der Liste genommen. Umsätze über dieses Leistungszentrum werden Ihnen danach nicht mehr zugeordnet.`}
          confirmLabel="Entfernen"
          onConfirm={() => {
            onRemove(removing.partnerId);
            setRemoving(null);
          }}
          onCancel={() => setRemoving(null)}
        />
      )}
    </>
  );
}
