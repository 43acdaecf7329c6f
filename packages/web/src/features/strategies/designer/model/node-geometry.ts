import { Position, type NodeHandle } from '@xyflow/react';

/** Side of a node's link handles, px (NodeFrame draws them this size). */
export const HANDLE_SIZE = 10;

/**
 * Where a node's handles sit, relative to its top-left corner: the parent handle (links come in)
 * centred on the top edge, the child handle (links go out) centred on the bottom edge, as React
 * Flow's CSS places them. Told to React Flow up front, with the node's size, so it never measures
 * a node in the page: no layout read when a node appears or moves, and links of nodes it has not
 * drawn (off screen) still have their ends. The Money Site has no parent handle.
 */
export function nodeHandles(width: number, height: number, hasParentHandle: boolean): NodeHandle[] {
  const x = width / 2 - HANDLE_SIZE / 2;
  const child: NodeHandle = { type: 'source', position: Position.Bottom, x, y: height - HANDLE_SIZE / 2, width: HANDLE_SIZE, height: HANDLE_SIZE };
  if (!hasParentHandle) return [child];
  return [{ type: 'target', position: Position.Top, x, y: -HANDLE_SIZE / 2, width: HANDLE_SIZE, height: HANDLE_SIZE }, child];
}
