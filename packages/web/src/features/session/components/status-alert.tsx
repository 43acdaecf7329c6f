import { Alert } from 'antd';

/** The error alert above a sign-in form: one line per message (spec 1, section 4 "Login"). */
export function StatusAlert({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  const [first, ...rest] = lines;
  return (
    <Alert
      data-testid="auth-status"
      type="error"
      showIcon
      title={first}
      description={rest.length > 0 ? rest.map((line) => <div key={line}>{line}</div>) : undefined}
      style={{ marginBottom: 24 }}
    />
  );
}
