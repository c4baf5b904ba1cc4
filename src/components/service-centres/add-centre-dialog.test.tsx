import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { searchCentres } from '@/lib/api/search-centres';

import { AddCentreDialog, CENTRE_TEXTS } from './add-centre-dialog';

vi.mock('@/lib/api/search-centres', () => ({ searchCentres: vi.fn() }));

const search = vi.mocked(searchCentres);
const centres = [
  { id: 'c1', partnerName: 'Autohaus Eins', zipCode: '10115', city: 'Berlin' },
  { id: 'c2', partnerName: 'Autohaus Zwei', zipCode: '20095', city: 'Hamburg' },
];

async function open(linkedIds: string[] = []) {
  const onAdd = vi.fn();
  render(<AddCentreDialog linkedIds={linkedIds} onAdd={onAdd} />);
  await userEvent.click(screen.getByRole('button', { name: 'Leistungszentrum hinzufügen' }));
  return onAdd;
}

describe('the service-centre dialog', () => {
  beforeEach(() => {
    search.mockReset();
  });

  it('shows the loading text while the list loads', async () => {
    search.mockReturnValue(new Promise(() => {}));
    await open();
    expect(await screen.findByText(CENTRE_TEXTS.loading)).toBeInTheDocument();
  });

  it('says when there are no centres at all', async () => {
    search.mockResolvedValue({ items: [], totalItems: 0 });
    await open();
    expect(await screen.findByText(CENTRE_TEXTS.noCentres)).toBeInTheDocument();
  });

  it('says when every centre is already linked', async () => {
    search.mockResolvedValue({ items: centres, totalItems: 2 });
    await open(['c1', 'c2']);
    expect(await screen.findByText(CENTRE_TEXTS.allLinked)).toBeInTheDocument();
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('leaves out centres that are already linked', async () => {
    search.mockResolvedValue({ items: centres, totalItems: 2 });
    await open(['c1']);
    expect(await screen.findByRole('option', { name: /Autohaus Zwei/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Autohaus Eins/ })).toBeNull();
  });

  it('adds the chosen centre with the cleaned customer number', async () => {
    search.mockResolvedValue({ items: centres, totalItems: 2 });
    const onAdd = await open();
    await userEvent.click(await screen.findByRole('option', { name: /Autohaus Zwei/ }));
    await userEvent.type(screen.getByLabelText(/Kundennummer/), 'HH-12 3');
    await userEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(onAdd).toHaveBeenCalledWith({ partnerId: 'c2', partnerName: 'Autohaus Zwei', customerNumber: 'HH123' });
  });

  it('requires a centre', async () => {
    search.mockResolvedValue({ items: centres, totalItems: 2 });
    const onAdd = await open();
    await userEvent.type(screen.getByLabelText(/Kundennummer/), 'K1');
    await userEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(await screen.findByText('Bitte wählen Sie ein NORA Leistungszentrum')).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();
  });
});
