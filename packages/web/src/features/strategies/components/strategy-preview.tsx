/**
 * A diagram's preview picture. The server sends it as a `data:image/svg+xml` URL, shown through
 * <img>, so nothing in the SVG can run.
 */
export function StrategyPreview({ img, name, width = 72, height = 40 }: { img: string | null; name: string; width?: number; height?: number }) {
  if (img === null || !img.startsWith('data:image/')) return null;
  return (
    <img
      src={img} alt={`Preview of ${name}`} width={width} height={height} data-testid="strategy-preview"
      style={{ objectFit: 'contain', border: '1px solid var(--ant-color-border-secondary, #eee)', borderRadius: 4, background: '#fff' }}
    />
  );
}
