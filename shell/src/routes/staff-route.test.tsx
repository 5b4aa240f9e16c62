import { act, screen } from '@testing-library/react';
import type { StaffAppProps } from '@dating/shared';
import { renderShell } from '../test/render-shell';
import { userFixture } from '../test/fixtures';

beforeEach(() => localStorage.setItem('site-entry-warning-closed', '1'));
afterEach(() => localStorage.clear());

function StaffProbe(props: StaffAppProps) {
  return <div data-testid="remote-page">staff at {props.basePath}</div>;
}

describe('the /staff prefix', () => {
  test('any path under /staff mounts mf_staff/StaffApp in the bare staff layout, with the typed props', async () => {
    const view = await renderShell({
      path: '/staff/members/12',
      user: userFixture(),
      modules: { 'mf_staff/StaffApp': StaffProbe },
    });
    expect(await screen.findByText('staff at /staff')).toBeInTheDocument();
    expect(view.container.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('staff');
    // Not the members' layout: no top navigation.
    expect(screen.queryByTestId('nav-search-top')).not.toBeInTheDocument();
    expect(view.remotes.loads).toEqual(['mf_staff/StaffApp']);
  });

  test('members pages never load mf_staff, and a broken mf_staff leaves the members site working', async () => {
    const view = await renderShell({ path: '/members', user: userFixture() });
    await screen.findAllByTestId('remote-page');
    expect(view.remotes.loads.some((id) => id.startsWith('mf_staff/'))).toBe(false);
    view.remotes.takeDown('mf_staff');
    await act(async () => {
      await view.router.navigate('/staff');
    });
    expect(
      await screen.findByRole('heading', { name: 'This part of the site is temporarily unavailable' }),
    ).toBeInTheDocument();
    await act(async () => {
      await view.router.navigate('/members');
    });
    expect(await screen.findByText('mf_members/MembersPage')).toBeInTheDocument();
    expect(screen.getByTestId('nav-search-top')).toBeInTheDocument();
  });
});
