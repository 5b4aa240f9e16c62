import {
  Component as ReactComponent,
  Suspense,
  useCallback,
  useEffect,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Spinner } from '@dating/shared';
import { reloadOnceForChunkError } from '../errors/chunk-reload';
import { telemetry } from '../telemetry/install';
import { useRemoteLoader } from './remote-context';
import type { RemoteComponent, RemoteId, RemoteProps } from '@dating/shared/remotes';
import type { RemoteTarget } from './remote-loader';

export type LoadedRemote<Id extends RemoteId = RemoteId> =
  { component: RemoteComponent<Id> } | { error: unknown };

interface BoundaryProps {
  onError(error: unknown): void;
  resetKey: string;
  children: ReactNode;
}

/** Catches what a remote throws while rendering, so only its own area shows the fallback. */
class RemoteBoundary extends ReactComponent<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.onError(error);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function RemoteFallback({
  onRetry,
  retrying,
  compact = false,
}: {
  onRetry(): void;
  retrying: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={`text-center ${compact ? 'p-3' : 'py-5 px-3'}`} role="alert">
      <h2 className={compact ? 'h6' : 'h4'}>{t('remote.unavailable.title')}</h2>
      <p className="text-body-secondary">{t('remote.unavailable.text')}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry} disabled={retrying}>
        {retrying ? <Spinner small /> : null} {t('remote.unavailable.retry')}
      </button>
    </div>
  );
}

/** The props the contract gives the module (`RemoteModules` in shared): required when it has required props. */
type PropsOf<Id extends RemoteId> =
  object extends RemoteProps<Id> ? { props?: RemoteProps<Id> } : { props: RemoteProps<Id> };

export type RemoteModuleProps<Id extends RemoteId> = PropsOf<Id> & {
  target: RemoteTarget<Id>;
  /** What the route's `lazy` already loaded; without it the module loads when first rendered. */
  initial?: LoadedRemote<Id>;
  compact?: boolean;
};

/**
 * Renders one exposed module of a remote with its own error boundary. A failed load or a render error shows a
 * translated fallback whose Retry forgets the remote in the federation runtime and loads it again.
 */
export function RemoteModule<Id extends RemoteId>({
  target,
  initial,
  props,
  compact,
}: RemoteModuleProps<Id> & { props?: RemoteProps<Id> }) {
  const loader = useRemoteLoader();
  const { t } = useTranslation();
  const location = useLocation();
  const [loaded, setLoaded] = useState<LoadedRemote<Id> | undefined>(initial);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    if (loaded) return undefined;
    let active = true;
    loader.load(target).then(
      (component) => active && setLoaded({ component }),
      (error: unknown) => {
        telemetry()?.loadFailure(target.remote.replace(/_/g, '-'), error);
        if (active && !reloadOnceForChunkError(error)) setLoaded({ error });
      },
    );
    return () => {
      active = false;
    };
  }, [loaded, loader, target]);

  const retry = useCallback(async () => {
    setRetrying(true);
    await loader.reset(target.remote);
    try {
      setLoaded({ component: await loader.load(target) });
    } catch (error) {
      telemetry()?.loadFailure(target.remote.replace(/_/g, '-'), error);
      setLoaded({ error });
    } finally {
      setRetrying(false);
    }
  }, [loader, target]);

  const onRenderError = useCallback(
    (error: unknown) => {
      telemetry()?.error('boundary', error, target.remote.replace(/_/g, '-'));
      setLoaded({ error });
    },
    [target],
  );

  if (!loaded) return <Spinner block label={t('loading')} />;
  if ('error' in loaded)
    return <RemoteFallback onRetry={() => void retry()} retrying={retrying} compact={compact} />;
  const Page = loaded.component;
  return (
    <RemoteBoundary onError={onRenderError} resetKey={location.pathname}>
      {/* A remote suspends while its namespace loads; only its own area waits, not the whole shell. */}
      <Suspense fallback={<Spinner block label={t('loading')} />}>
        <Page {...props} />
      </Suspense>
    </RemoteBoundary>
  );
}
