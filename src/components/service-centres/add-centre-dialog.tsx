import { zodResolver } from '@hookform/resolvers/zod';
import { Command } from 'cmdk';
import { Check, Plus } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { LIMITS, MESSAGES } from '@/rules';
import { searchCentres } from '@/lib/api/search-centres';
import { CENTRE_OPTION_LIMIT, CENTRE_SEARCH_DEBOUNCE_MS, type Centre } from '@/lib/service-centres';
import { cn } from '@/utils/cn';

import { addCentreSchema, cleanCustomerNumber, type AddCentreValues, type CentreLink } from './schema';

export const CENTRE_TEXTS = {
  loading: 'Wird geladen...',
  noCentres: 'Keine Leistungszentren gefunden',
  noResults: 'Keine Ergebnisse. Bitte ändern Sie ihre Filtereingabe.',
  allLinked: 'Alle Leistungszentren wurden bereits hinzugefügt',
  more: (n: number) => `${n} weitere Einträge. Verfeinern Sie Ihre Suche, um mehr zu sehen.`,
} as const;

interface SearchState {
  term: string;
  items: Centre[];
  totalItems: number;
  loading: boolean;
}

/** Server search with a 500 ms debounce; a failed load is only logged (SPEC section 8). */
function useCentreSearch(term: string, enabled: boolean) {
  const [state, setState] = useState<SearchState>({ term: '\u0000', items: [], totalItems: 0, loading: true });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const timer = setTimeout(
      () => {
        searchCentres(term)
          .then((page) => live && setState({ term, items: page.items, totalItems: page.totalItems, loading: false }))
          .catch((err: unknown) => {
            console.error('Leistungszentren konnten nicht geladen werden', err);
            if (live) setState({ term, items: [], totalItems: 0, loading: false });
          });
      },
      state.term === '\u0000' ? 0 : CENTRE_SEARCH_DEBOUNCE_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // state.term only decides whether the first load skips the debounce
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term, enabled]);
  return { ...state, loading: state.loading || state.term !== term };
}

interface AddCentreDialogProps {
  /** Centres already linked; they are not offered again. */
  linkedIds: string[];
  onAdd: (link: CentreLink) => void;
}

/** The dialog for linking a service centre, used by the wizard and the profile. */
export function AddCentreDialog({ linkedIds, onAdd }: AddCentreDialogProps) {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [selected, setSelected] = useState<Centre | null>(null);
  // Characters left out of the customer number are said, never dropped silently (issue 58).
  const [cleaned, setCleaned] = useState(false);
  const search = useCentreSearch(term, open);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const {
    register,
    handleSubmit,
    setValue,
    reset,
    formState: { errors },
  } = useForm<AddCentreValues>({ resolver: zodResolver(addCentreSchema), defaultValues: { partnerId: '', customerNumber: '' } });

  const available = useMemo(() => search.items.filter((c) => !linkedIds.includes(c.id)), [search.items, linkedIds]);
  const shown = available.slice(0, CENTRE_OPTION_LIMIT);
  const excludedOnPage = search.items.length - available.length;
  const more = Math.max(0, search.totalItems - excludedOnPage - shown.length);

  let emptyText: string = CENTRE_TEXTS.noCentres;
  if (search.items.length > 0) emptyText = CENTRE_TEXTS.allLinked;
  else if (term.trim()) emptyText = CENTRE_TEXTS.noResults;

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset();
      setSelected(null);
      setTerm('');
      setCleaned(false);
    }
  };

  const choose = (centre: Centre) => {
    setSelected(centre);
    setValue('partnerId', centre.id, { shouldValidate: true });
  };

  const submit = (values: AddCentreValues) => {
    onAdd({ partnerId: values.partnerId, partnerName: selected?.partnerName ?? '', customerNumber: values.customerNumber });
    close(false);
  };

  const customerNumber = register('customerNumber');

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Plus aria-hidden="true" className="size-5" />
          Leistungszentrum hinzufügen
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogTitle>Leistungszentrum hinzufügen</DialogTitle>
        <DialogDescription>Wählen Sie Ihr NORA Leistungszentrum und geben Sie Ihre Kundennummer dort ein.</DialogDescription>
        <form
          noValidate
          className="mt-4 flex flex-col gap-4"
          onSubmit={(e) => {
            e.stopPropagation();
            void handleSubmit(submit)(e);
          }}
        >
          <div>
            <label htmlFor={inputId} className="font-semibold text-slate-900">
              NORA Leistungszentrum auswählen
              <span aria-hidden="true" className="text-red-700">
                {' '}
                *
              </span>
            </label>
            <Command shouldFilter={false} label="NORA Leistungszentren" className="mt-1 rounded-md border border-slate-400">
              <Command.Input
                id={inputId}
                value={term}
                onValueChange={setTerm}
                placeholder="Filtern nach Name, PLZ oder Ort"
                aria-invalid={errors.partnerId ? true : undefined}
                aria-describedby={errors.partnerId ? errorId : undefined}
                aria-required="true"
                className="h-11 w-full rounded-t-md border-b border-slate-300 px-3 text-base outline-none focus-visible:outline-3 focus-visible:outline-accent-500"
              />
              <Command.List className="max-h-60 overflow-y-auto p-1">
                {search.loading ? (
                  <Command.Loading>
                    <p className="p-3 text-sm text-slate-700">{CENTRE_TEXTS.loading}</p>
                  </Command.Loading>
                ) : (
                  <Command.Empty className="p-3 text-sm text-slate-700">{emptyText}</Command.Empty>
                )}
                {!search.loading &&
                  shown.map((centre) => (
                    <Command.Item
                      key={centre.id}
                      value={centre.id}
                      onSelect={() => choose(centre)}
                      className={cn(
                        'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm data-[selected=true]:bg-brand-50',
                        selected?.id === centre.id && 'font-semibold text-brand-800',
                      )}
                    >
                      <Check
                        aria-hidden="true"
                        className={cn('size-4 shrink-0', selected?.id === centre.id ? 'opacity-100' : 'opacity-0')}
                      />
                      <span>
                        {centre.partnerName}{' '}
                        <span className="text-slate-700">
                          – {centre.zipCode} {centre.city}
                        </span>
                      </span>
                    </Command.Item>
                  ))}
              </Command.List>
            </Command>
            {!search.loading && more > 0 && <p className="mt-1 text-sm text-slate-700">{CENTRE_TEXTS.more(more)}</p>}
            <p aria-live="polite" className="mt-1 text-sm text-slate-800">
              {selected ? `Ausgewählt: ${selected.partnerName}, ${selected.zipCode} ${selected.city}` : ''}
            </p>
            {errors.partnerId && (
              <p id={errorId} className="mt-1 text-sm text-red-700">
                {errors.partnerId.message}
              </p>
            )}
          </div>
          <TextField
            label="Kundennummer"
            required
            maxLength={LIMITS.customerNumberMax}
            autoComplete="off"
            error={errors.customerNumber?.message}
            hint={cleaned ? MESSAGES.customerNumberCleaned : undefined}
            {...customerNumber}
            onChange={(e) => {
              const clean = cleanCustomerNumber(e.target.value);
              // Stays said once something was left out (the next keystroke is clean again), until the field is empty.
              setCleaned((said) => clean !== '' && (said || clean !== e.target.value));
              e.target.value = clean;
              void customerNumber.onChange(e);
            }}
          />
          <div className="mt-2 flex justify-end gap-3">
            <Button variant="ghost" onClick={() => close(false)}>
              Abbrechen
            </Button>
            <Button type="submit">Hinzufügen</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
