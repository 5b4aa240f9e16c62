export interface SpinnerProps {
  /** Screen-reader text, already translated. */
  label?: string;
  small?: boolean;
  /** Centre it in a padded block (page or section loading). */
  block?: boolean;
}

export function Spinner({ label, small = false, block = false }: SpinnerProps) {
  const spinner = (
    <span className={`spinner-border text-primary ${small ? 'spinner-border-sm' : ''}`} role="status">
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
  return block ? <div className="d-flex justify-content-center py-5">{spinner}</div> : spinner;
}
