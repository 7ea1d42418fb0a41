import './plain.css';

/** antd's large Spin look without antd. */
export function Spinner() {
  return (
    <span className="ac-spin" aria-hidden>
      <i />
      <i />
      <i />
      <i />
    </span>
  );
}
