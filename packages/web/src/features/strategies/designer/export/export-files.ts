import { diagramPreviewSvg, strategyFileName, type Diagram } from '@linkloom/shared';
import { saveBlob } from '@/lib/download';

/** File name for an export of the diagram `name` with another extension. */
function fileName(name: string, extension: string): string {
  return strategyFileName(name).replace(/\.json$/, `.${extension}`);
}

/** The diagram as SVG text: the same picture as the stored preview (shared diagramPreviewSvg). */
export function diagramSvg(doc: Diagram): string {
  return diagramPreviewSvg(doc);
}

/** Export SVG: saves the picture as `{name}.svg`. */
export function exportSvg(doc: Diagram, name: string): void {
  saveBlob(new Blob([diagramSvg(doc)], { type: 'image/svg+xml' }), fileName(name, 'svg'));
}

/** Draws SVG text on a canvas at `scale` and encodes it as PNG. */
export async function svgToPng(svg: string, scale = 2): Promise<Blob> {
  // A data: URL, not a blob: one: the app's content security policy allows data: images only.
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.ceil(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('This browser cannot draw on a canvas');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be made'))), 'image/png');
  });
}

/** Export PNG: a real PNG file `{name}.png` of the picture at twice its size. */
export async function exportPng(doc: Diagram, name: string): Promise<void> {
  saveBlob(await svgToPng(diagramSvg(doc)), fileName(name, 'png'));
}

/** Download Diagram: the diagram's JSON document (`{ "cells": [...] }`), as Upload Diagrams reads it. */
export function downloadDiagram(doc: Diagram, name: string): void {
  saveBlob(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }), strategyFileName(name));
}
