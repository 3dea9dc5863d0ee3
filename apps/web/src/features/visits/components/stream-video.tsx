import { useEffect, useRef } from 'react';

/** A live stream in a <video>: the other side's (heard) or this device's own preview (muted, as in a mirror). */
export function StreamVideo({
  stream,
  className,
  isOwn = false,
  label,
}: {
  stream: MediaStream | null;
  className: string;
  isOwn?: boolean;
  label: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || video.srcObject === stream) return;
    video.srcObject = stream;
    // Autoplay can be refused before the page was touched; the controls' first use plays it then.
    if (stream) video.play?.()?.catch(() => {});
  }, [stream]);
  return (
    <video
      ref={ref}
      className={className}
      autoPlay
      playsInline
      muted={isOwn}
      aria-label={label}
      data-own={isOwn || undefined}
    />
  );
}
