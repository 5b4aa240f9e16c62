import { useSearchParams } from 'react-router-dom';
import { safeReturnPath } from '@dating/shared';

/** The same-site `?return=` path a page was opened with (the chat's buy button), or null. */
export function useReturnPath(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get('return'));
}

/** `path` with `?return=` appended when there is one to carry along. */
export function withReturn(path: string, returnPath: string | null): string {
  if (!returnPath) return path;
  return `${path}${path.includes('?') ? '&' : '?'}return=${encodeURIComponent(returnPath)}`;
}
