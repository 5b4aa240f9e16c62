import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n, registerNamespace } from '../i18n/i18n';
import { CountBadge } from './count-badge';
import { ErrorAlert } from './error-alert';
import { Modal } from './modal';

describe('UI kit', () => {
  test('CountBadge caps at 99+ and renders nothing for 0', () => {
    const { rerender, container } = render(<CountBadge count={150} variant="unread" label="150 unread" />);
    expect(screen.getByText('99+')).toHaveClass('text-bg-secondary');
    rerender(<CountBadge count={0} />);
    expect(container).toBeEmptyDOMElement();
  });

  test("ErrorAlert shows the server's translated message, else the generic catalogue text", async () => {
    const i18n = await createI18n({
      locale: 'nl',
      namespaces: ['errors'],
      initialResources: {
        nl: { errors: { generic: 'Er is een fout opgetreden, probeer het later opnieuw.' } },
      },
    });
    const serverError = {
      status: 402,
      data: { error: { code: 'insufficient_credits', message: 'Je hebt onvoldoende credits' } },
    } as const;
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <ErrorAlert error={serverError} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Je hebt onvoldoende credits');
    rerender(
      <I18nextProvider i18n={i18n}>
        <ErrorAlert error={{ status: 'FETCH_ERROR', error: 'offline' }} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Er is een fout opgetreden, probeer het later opnieuw.',
    );
  });

  test('ErrorAlert without an error reads no namespace, so the page around it never falls back to loading', async () => {
    // `errors` is not loaded yet, as on a page where no error was shown so far; its loader waits until told.
    let resolve: (texts: Record<string, string>) => void = () => undefined;
    const loader = jest.fn(() => new Promise<Record<string, string>>((done) => (resolve = done)));
    registerNamespace('errors', loader);
    const i18n = await createI18n({
      locale: 'nl',
      namespaces: ['common'],
      initialResources: { nl: { common: {} } },
    });
    const page = (error: Parameters<typeof ErrorAlert>[0]['error']) => (
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>Bezig met laden</p>}>
          <p>Het gesprek</p>
          <ErrorAlert error={error} />
        </Suspense>
      </I18nextProvider>
    );
    const { rerender } = render(page(undefined));
    expect(screen.getByText('Het gesprek')).toBeVisible();
    expect(screen.queryByText('Bezig met laden')).not.toBeInTheDocument();
    expect(loader).not.toHaveBeenCalled();

    // A network failure needs the generic text: only the text waits for it, the page stays.
    rerender(page({ status: 'FETCH_ERROR', error: 'offline' }));
    expect(screen.getByText('Het gesprek')).toBeVisible();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(1);
    await act(async () => resolve({ generic: 'Er is een fout opgetreden, probeer het later opnieuw.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er is een fout opgetreden, probeer het later opnieuw.',
    );
    expect(screen.queryByText('Bezig met laden')).not.toBeInTheDocument();
  });

  test('Modal closes on Escape and backdrop unless locked', () => {
    const onClose = jest.fn();
    const { rerender } = render(
      <Modal open onClose={onClose} title="Hi" closeLabel="Close">
        body
      </Modal>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(document.querySelector('.modal')!);
    expect(onClose).toHaveBeenCalledTimes(2);
    rerender(
      <Modal open locked onClose={onClose} title="Hi">
        body
      </Modal>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(document.querySelector('.modal')!);
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Hi');
  });
});
