import { useEffect, useRef, type ComponentPropsWithoutRef } from 'react';
import { signupModalOpened, useAppDispatch } from '@dating/shared';
import { takeTapBeforeHydration } from '@dating/shared/ssr-page-script';

type SignupButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'type' | 'onClick'> & {
  /** Reported with the signup event, e.g. `home` or `lander:gallery`. */
  source: string;
};

/**
 * A button of a lander that opens the signup modal (the call to action, a photo, a like button): a
 * `<button type="button">` with the given attributes and children, plus `data-signup-source`.
 *
 * A tap on the server-rendered button before it was hydrated had no handler; the page's inline script kept it
 * (shared/src/ssr-page-script.ts). Checked once, when the button is hydrated: later taps are React's. A button that
 * is disabled by then does not open, as its click would not.
 */
export function SignupButton({ source, ...props }: SignupButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const open = useOpenSignup(source);
  useEffect(() => {
    if (takeTapBeforeHydration(button.current) && !button.current!.disabled) open();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <button type="button" {...props} ref={button} data-signup-source={source} onClick={open} />;
}

/**
 * Opens the signup modal from any part of a lander: a visitor's every click leads there. A button that does so is a
 * {@link SignupButton} (a tap before hydration is kept); this is for the rest (a form's submit, a field's focus).
 */
export function useOpenSignup(source: string) {
  const dispatch = useAppDispatch();
  return () => dispatch(signupModalOpened({ source }));
}
