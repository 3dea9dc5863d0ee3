import { vi } from 'vitest';

/** A camera's or microphone's track, enough for the call's controls. */
class FakeTrack {
  enabled = true;
  stopped = false;
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.stopped = true;
  }
  getSettings() {
    return { deviceId: `${this.kind}-1` };
  }
}

class FakeStream {
  constructor(private readonly tracks: FakeTrack[] = []) {}
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
}

/** Stands in for RTCPeerConnection: no network; a test says when it connects with `connect()`. */
export class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  localDescription: { type: RTCSdpType; sdp: string } | null = null;
  remoteDescription: { type: RTCSdpType; sdp: string } | null = null;
  onicecandidate: ((event: { candidate: null }) => void) | null = null;
  ontrack: ((event: { track: FakeTrack; streams: FakeStream[] }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  tracks: FakeTrack[] = [];
  closed = false;
  constructor(readonly config: RTCConfiguration) {
    FakePeerConnection.made.push(this);
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
  addTransceiver() {}
  getSenders() {
    return this.tracks.map((track) => ({ track, replaceTrack: async () => {} }));
  }
  async createOffer() {
    return { type: 'offer' as const, sdp: 'v=0 offer' };
  }
  async createAnswer() {
    return { type: 'answer' as const, sdp: 'v=0 answer' };
  }
  async setLocalDescription(description: { type: RTCSdpType; sdp: string }) {
    this.localDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable';
  }
  async setRemoteDescription(description: { type: RTCSdpType; sdp: string }) {
    this.remoteDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
  }
  async addIceCandidate() {}
  async getStats() {
    return new Map();
  }
  close() {
    this.closed = true;
  }
  /** The media path is up: the other side's picture arrives and the connection says it is connected. */
  connect() {
    const track = new FakeTrack('video');
    this.ontrack?.({ track, streams: [new FakeStream([track, new FakeTrack('audio')])] });
    this.connectionState = 'connected';
    this.onconnectionstatechange?.();
  }
}

/**
 * Gives the page a camera and microphone (or the browser's refusal, by its error name) and a fake peer connection,
 * since jsdom has neither.
 */
export function fakeWebRtc({ refuse }: { refuse?: string } = {}) {
  FakePeerConnection.made = [];
  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    if (refuse) throw new DOMException('refused', refuse);
    const tracks = [new FakeTrack('audio')];
    if (constraints.video) tracks.push(new FakeTrack('video'));
    return new FakeStream(tracks);
  });
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('MediaStream', FakeStream);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia,
      enumerateDevices: async () => [{ kind: 'videoinput', deviceId: 'video-1' }],
    },
  });
  // jsdom's <video> does not play.
  HTMLMediaElement.prototype.play = vi.fn(async () => {});
  return { getUserMedia, peers: FakePeerConnection.made };
}
