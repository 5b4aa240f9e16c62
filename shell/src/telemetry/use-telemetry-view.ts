import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useRouteHandle } from '../routes/route-handle';
import { telemetry, versionOf } from './install';

/** Starts a telemetry view on every navigation, for the app and version that draw the page (docs/adr/0032-canary-guard.md). */
export function useTelemetryView(): void {
  const handle = useRouteHandle();
  const { pathname } = useLocation();
  useEffect(() => {
    const t = telemetry();
    if (!t) return;
    const app = handle?.app ?? 'shell';
    t.startView(app, versionOf(app), handle?.path ?? '*');
  }, [handle, pathname]);
}
