import { useEffect, useState } from 'react';
import { Skeleton } from '../feedback/skeleton.tsx';
import { qrPath } from './qr-path.ts';

// The quiet zone around the symbol that scanners need, in modules.
const QUIET_ZONE = 4;

type QrSymbol = { path: string; size: number };

/**
 * A QR code as SVG. The encoder is loaded on first use, so it weighs nothing on screens without a
 * code; the SVG prints sharp at any size.
 */
export function QrCode({ text, label, size = 240 }: { text: string; label: string; size?: number }) {
  const [symbol, setSymbol] = useState<QrSymbol | null>(null);
  const [hasFailed, setFailed] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    import('lean-qr')
      .then(({ generate, correction }) => {
        const code = generate(text, { minCorrectionLevel: correction.M });
        if (isCurrent) setSymbol({ path: qrPath(code), size: code.size });
      })
      .catch(() => isCurrent && setFailed(true));
    return () => {
      isCurrent = false;
    };
  }, [text]);

  if (hasFailed)
    return <p className="qr-code__failed">The QR code could not be drawn. Reload the page and try again.</p>;
  if (!symbol) return <Skeleton width={`${size}px`} height={`${size}px`} />;
  const box = symbol.size + QUIET_ZONE * 2;
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#ffffff" />
      <path d={symbol.path} fill="#000000" />
    </svg>
  );
}
