import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { CASHBACK_MESSAGES } from '../schemas/cashback';
import { UploadWidget } from './upload-widget';

describe('the invoice upload widget', () => {
  it('takes a PDF and shows it with a remove button', async () => {
    const onChange = vi.fn();
    render(<UploadWidget file={null} onChange={onChange} progress={null} />);
    const pdf = new File(['%PDF'], 'rechnung.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Rechnungsdatei'), pdf);
    expect(onChange).toHaveBeenCalledWith(pdf);
  });

  it('refuses other types and files over 5 MB with the widget message', async () => {
    const onChange = vi.fn();
    render(<UploadWidget file={null} onChange={onChange} progress={null} />);
    const input = screen.getByLabelText('Rechnungsdatei');
    await userEvent.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'gross.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CASHBACK_MESSAGES.widgetRejected);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows the chosen file, lets it be removed and shows upload progress', async () => {
    const onChange = vi.fn();
    const file = new File(['x'], 'foto.jpg', { type: 'image/jpeg' });
    const { rerender } = render(<UploadWidget file={file} onChange={onChange} progress={null} />);
    expect(screen.getByText('foto.jpg')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'foto.jpg entfernen' }));
    expect(onChange).toHaveBeenCalledWith(null);
    rerender(<UploadWidget file={file} onChange={onChange} progress={42} />);
    expect(screen.getByRole('progressbar', { name: 'Upload der Rechnung' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByRole('button', { name: 'foto.jpg entfernen' })).toBeDisabled();
  });
});
