import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from './modal';
import { SkipLink } from './skip-link';

/** A page with a button that opens a dialog with two fields and a close button. */
function PageWithDialog({ locked = false }: { locked?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open dialog
      </button>
      <button type="button">After</button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Sign up"
        closeLabel={locked ? undefined : 'Close'}
        locked={locked}
        footer={<button type="button">Save</button>}
      >
        <label>
          Name <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal focus', () => {
  test('takes the focus on open, keeps Tab and Shift+Tab inside, and gives it back to the opener on Escape', async () => {
    const user = userEvent.setup();
    render(<PageWithDialog />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Open dialog' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const dialog = screen.getByRole('dialog', { name: 'Sign up' });
    expect(dialog).toHaveFocus();
    // Close × → Name → Save, then round to the close button again; backwards from the first to the last.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    expect(document.body).toHaveClass('modal-open');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open dialog' })).toHaveFocus();
    expect(document.body).not.toHaveClass('modal-open');
  });

  test('the close button also gives the focus back; focus moved behind the dialog is brought back into it', async () => {
    const user = userEvent.setup();
    render(<PageWithDialog />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    screen.getByRole('button', { name: 'After' }).focus();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open dialog' })).toHaveFocus();
  });

  test('a locked dialog ignores Escape and still traps the focus', async () => {
    const user = userEvent.setup();
    render(<PageWithDialog locked />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Sign up' })).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  test('with two dialogs open only the inner one answers Escape and traps the focus', async () => {
    const user = userEvent.setup();
    const outerClose = jest.fn();
    const innerClose = jest.fn();
    render(
      <>
        <Modal open onClose={outerClose} title="Outer">
          <button type="button">Outer button</button>
        </Modal>
        <Modal open onClose={innerClose} title="Inner">
          <button type="button">Inner button</button>
        </Modal>
      </>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Inner button' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Inner button' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(innerClose).toHaveBeenCalledTimes(1);
    expect(outerClose).not.toHaveBeenCalled();
  });
});

describe('SkipLink', () => {
  test('is the first Tab stop and moves the keyboard focus to the main landmark', async () => {
    const user = userEvent.setup();
    render(
      <>
        <SkipLink>Skip to content</SkipLink>
        <nav>
          <a href="/members">Search</a>
          <a href="/chats">Messages</a>
        </nav>
        <main id="main">
          <h1>Page</h1>
          <a href="/x">First link of the page</a>
        </main>
      </>,
    );
    await user.tab();
    const link = screen.getByRole('link', { name: 'Skip to content' });
    expect(link).toHaveFocus();
    expect(link).toHaveAttribute('href', '#main');

    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // The next Tab continues in the page, past the navigation.
    await user.tab();
    expect(screen.getByRole('link', { name: 'First link of the page' })).toHaveFocus();
    // No router navigation: the address keeps its path and gets no #main.
    expect(window.location.hash).toBe('');
  });

  test('points at another landmark by id', async () => {
    const user = userEvent.setup();
    render(
      <>
        <SkipLink targetId="content">Skip</SkipLink>
        <div id="content">Content</div>
      </>,
    );
    await user.click(screen.getByRole('link', { name: 'Skip' }));
    expect(screen.getByText('Content')).toHaveFocus();
    expect(screen.getByText('Content')).toHaveAttribute('tabindex', '-1');
  });
});
