import { configure } from '@testing-library/react';
import nl from '../locales/nl.json';
import { createPageRenderer } from '@dating/shared/testing';
import type { StaffMe } from '@dating/shared/contract/staff';
import { NS } from './i18n';
import { http, HttpResponse } from './msw';

// Pages are lazy chunks: the first `findBy` waits for one to load, which takes longer than 1 s on a busy machine.
configure({ asyncUtilTimeout: 5000 });

/** Renders the staff app as the shell mounts it: the real store and i18n (nl), a router at `/staff/*`. */
export const renderStaff = createPageRenderer(NS, nl);

export const API = 'http://localhost/api/staff';

export function meFixture(overrides: Partial<StaffMe> = {}): StaffMe {
  return {
    id: 1,
    email: 'anna@staff.example',
    name: 'Anna',
    role: 'operator',
    stage: 'full',
    expires_at: '2026-11-23T23:00:00Z',
    locale: 'nl',
    ...overrides,
  };
}

/** `GET /api/staff/me` answering this staff member. */
export function meHandler(me: StaffMe | null) {
  return http.get(`${API}/me`, () =>
    me
      ? HttpResponse.json(me)
      : HttpResponse.json({ error: { code: 'auth_required', message: 'Log eerst in.' } }, { status: 403 }),
  );
}

/** The common 400 validation answer naming a field. */
export function validation(field: string, message: string) {
  return HttpResponse.json({ error: { code: 'validation', message, field } }, { status: 400 });
}
