import type { PaymentMethod } from '@dating/shared';

interface ApplePaySessionLike {
  canMakePayments(): boolean;
}

/**
 * Whether a method can be used on this device: a wallet (Apple Pay) only where the browser offers it (Safari on an
 * Apple device that can pay, `ApplePaySession.canMakePayments()`); every other method everywhere. An Android phone
 * is never offered Apple Pay.
 */
export function walletAvailable(method: PaymentMethod): boolean {
  if (method !== 'applepay') return true;
  if (typeof window === 'undefined') return false;
  const session = (window as unknown as { ApplePaySession?: ApplePaySessionLike }).ApplePaySession;
  try {
    return Boolean(session?.canMakePayments());
  } catch {
    return false;
  }
}
