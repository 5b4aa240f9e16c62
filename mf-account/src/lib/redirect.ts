/** Only same-site paths, so a crafted `?redirect=https://evil.example` cannot send a member away. */
export function safeRedirect(target: string | null | undefined, fallback = '/members'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback;
  return target;
}
