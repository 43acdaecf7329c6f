import { isStrategyPreviewPath } from '@linkloom/shared';

/**
 * A diagram's preview picture, from the address the server gives (GET /rest/strategies/{id}/preview),
 * shown through <img>, so nothing in the SVG can run; no other address is shown.
 */
export function StrategyPreview({ img, name, width = 72, height = 40 }: { img: string | null; name: string; width?: number; height?: number }) {
  if (img === null || !isStrategyPreviewPath(img)) return null;
  return (
    <img
      src={img} alt={`Preview of ${name}`} width={width} height={height} loading="lazy" data-testid="strategy-preview"
      style={{ objectFit: 'contain', border: '1px solid var(--ant-color-border-secondary, #eee)', borderRadius: 4, background: '#fff' }}
    />
  );
}
