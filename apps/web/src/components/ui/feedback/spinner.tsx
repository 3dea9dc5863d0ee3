import './feedback.css';

/** Decorative: the busy state is announced by the control or region that is loading. */
export function Spinner({ size = 20 }: { size?: number }) {
  return <span className="spinner" aria-hidden="true" style={{ width: size, height: size }} />;
}
