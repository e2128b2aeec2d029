/**
 * Small text textures drawn on a 2D canvas: terrain heights, marker faces. A canvas texture costs
 * one small upload and no font loading, unlike SDF text (troika), which would pull a worker and
 * fonts into the first load.
 */
import { CanvasTexture, SRGBColorSpace } from 'three';

export interface LabelStyle {
  /** text colour */
  colour: string;
  /** outline colour around the glyphs, for contrast on any background */
  outline?: string;
  /** filled disc behind the text, or none */
  disc?: string;
  /** ring around the disc */
  ring?: string;
  /** draw the ring dashed (a hidden trooper's token) */
  dashed?: boolean;
  /** pixel size of the square canvas (default 128) */
  px?: number;
  /** font size as a share of the canvas (default 0.42) */
  fontScale?: number;
}

export function textTexture(text: string, style: LabelStyle): CanvasTexture {
  const px = style.px ?? 128;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = px;
  const g = canvas.getContext('2d');
  if (g) {
    const c = px / 2;
    if (style.disc) {
      g.fillStyle = style.disc;
      g.beginPath();
      g.arc(c, c, c - 2, 0, Math.PI * 2);
      g.fill();
    }
    if (style.ring) {
      g.strokeStyle = style.ring;
      g.lineWidth = px * 0.09;
      g.setLineDash(style.dashed ? [px * 0.12, px * 0.08] : []);
      g.beginPath();
      g.arc(c, c, c - px * 0.07, 0, Math.PI * 2);
      g.stroke();
      g.setLineDash([]);
    }
    g.font = `700 ${Math.round(px * (style.fontScale ?? 0.42))}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    if (style.outline) {
      g.lineWidth = px * 0.06;
      g.strokeStyle = style.outline;
      g.lineJoin = 'round';
      g.strokeText(text, c, c + px * 0.03);
    }
    g.fillStyle = style.colour;
    g.fillText(text, c, c + px * 0.03);
  }
  const t = new CanvasTexture(canvas);
  t.colorSpace = SRGBColorSpace;
  t.anisotropy = 4;
  return t;
}
