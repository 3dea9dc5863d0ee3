import type { CallError } from './call-state.ts';

/** The camera and microphone for a visit: video and audio, or audio alone. */
export async function openMedia(withVideo: boolean, facingMode?: 'user' | 'environment'): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw mediaError({ kind: 'media', detail: 'unsupported' });
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true },
      video: withVideo ? { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode } : false,
    });
  } catch (error) {
    throw mediaError(errorOfMedia(error, withVideo));
  }
}

/** A failure to open the camera or microphone, with the reason the screen explains. */
export class MediaError extends Error {
  constructor(readonly reason: CallError) {
    super(reason.kind);
  }
}
const mediaError = (reason: CallError) => new MediaError(reason);

/** The browser's refusal as the reason people can act on: allow it, or go on without a camera. */
export function errorOfMedia(error: unknown, withVideo: boolean): CallError {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return { kind: 'blocked' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return { kind: withVideo ? 'no-camera' : 'no-microphone' };
  }
  // NotReadableError: another app holds the camera or microphone.
  return { kind: 'media', detail: name || undefined };
}

/** How many cameras the device has (labels or not): switching is offered only with more than one. */
export async function cameraCount(): Promise<number> {
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices.filter((device) => device.kind === 'videoinput').length;
  } catch {
    return 0;
  }
}
