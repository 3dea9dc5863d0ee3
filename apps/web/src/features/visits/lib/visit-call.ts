import {
  type IceServer,
  type VisitSide,
  type VisitSignal,
  visitConnectionSchema,
  visitEndedSchema,
  visitEvents,
  visitJoinedEventSchema,
  visitJoinedSchema,
  visitSignalBodySchema,
  visitSignalledSchema,
  visitStartedSchema,
} from '@rehabit/contract';
import { type CallError, type CallEvent, type CallState, callReducer, initialCallState } from './call-state.ts';
import { createCandidateQueue } from './candidate-queue.ts';
import { isWeak, type QualitySample, sampleOf } from './connection-quality.ts';
import { cameraCount, MediaError, openMedia } from './media.ts';
import { askVisit, VisitOffline, VisitRefused } from './signalling.ts';

/** The description this side just set, as the contract sends it. */
const descriptionOf = (pc: RTCPeerConnection) => {
  const { type, sdp } = pc.localDescription!;
  return { type, sdp };
};

/** A call that never connects, or stays failed after its restarts, is given up after this long. */
const CONNECT_TIMEOUT_MS = 30_000;
const STATS_EVERY_MS = 2_000;
/** ICE restarts the staff side tries on a failed connection before it says the connection failed. */
const MAX_RESTARTS = 2;

const errorOf = (error: unknown): CallError => {
  if (error instanceof MediaError) return error.reason;
  if (error instanceof VisitRefused) return { kind: 'refused', detail: error.message };
  if (error instanceof VisitOffline) return { kind: 'offline' };
  return { kind: 'connection' };
};

/**
 * One video visit on this device (decision 1375): the camera and microphone, one RTCPeerConnection made with the ICE
 * servers the server gives, and the signalling over the portal's socket. Only the staff side offers (the patient
 * answers), so two offers never cross: an offer goes when the patient's device joins or comes back, and after a
 * failure or a reconnection as an ICE restart. Plain, so a screen of either side drives it through `useVisitCall`.
 */
export class VisitCall {
  state: CallState = initialCallState;
  localStream: MediaStream | null = null;
  remoteStream: MediaStream | null = null;
  cameras = 0;
  private pc: RTCPeerConnection | null = null;
  private candidates = createCandidateQueue(async () => {});
  /** Signals that came before the peer connection was made. */
  private early: VisitSignal[] = [];
  /** Descriptions and candidates are handled one at a time, in the order they came. */
  private chain: Promise<void> = Promise.resolve();
  private reported: 'connected' | 'disconnected' | null = null;
  private restarts = 0;
  private giveUp: ReturnType<typeof setTimeout> | undefined;
  private stats: ReturnType<typeof setInterval> | undefined;
  private sample: QualitySample | null = null;
  private weakLooks = 0;
  private facing: 'user' | 'environment' = 'user';
  private leaving: ReturnType<typeof setTimeout> | undefined;
  /** The screen went away: nothing in flight may start, join or open anything any more. */
  private disposed = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly side: VisitSide,
    private readonly now: () => number = () => Date.now(),
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getState = () => this.state;

  private dispatch(event: CallEvent) {
    const next = callReducer(this.state, event);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
  private changed() {
    this.state = { ...this.state };
    for (const listener of this.listeners) listener();
  }
  /** For a call to the server that is of use only while the visit is open on this device. */
  private readonly whileOpen = { isWanted: () => !this.isOver && !this.disposed };
  private get isOver() {
    return this.state.stage === 'ended' || this.state.stage === 'failed';
  }
  /** Whatever was awaited is of no use any more: the screen went away, or the visit ended meanwhile. */
  private get isDropped() {
    return this.disposed || this.isOver;
  }

  /** Staff: opens the camera and microphone, starts the visit (the patient's devices ring) and waits for the answer. */
  async start(patientId: number, withVideo: boolean) {
    if (!(await this.prepare(withVideo))) return;
    try {
      const started = await askVisit(visitEvents.start, { patient_id: patientId }, visitStartedSchema, this.whileOpen);
      // Started as the screen went away: nobody is on the visit, so it ends (over a live connection only).
      if (this.disposed) return this.abandon(started.visit_id);
      if (this.isOver) return;
      this.makePeer(started.ice_servers);
      this.dispatch({ type: 'started', visitId: started.visit_id });
    } catch (error) {
      this.fail(errorOf(error));
    }
  }

  /** Patient: opens the camera (or not) and the microphone, and answers the visit on this device. */
  async answer(visitId: number, withVideo: boolean) {
    if (!(await this.prepare(withVideo))) return;
    if (this.isDropped) return;
    this.state = { ...this.state, visitId };
    await this.join();
  }

  private async prepare(withVideo: boolean) {
    this.dispatch({ type: 'prepare', withVideo });
    // Another try starts afresh: nothing of the call before carries over.
    this.remoteStream = null;
    this.early = [];
    this.reported = null;
    this.restarts = 0;
    try {
      const stream = await openMedia(withVideo, this.facing);
      // The screen went away while the browser asked: the camera and microphone go off at once.
      if (this.isDropped) {
        for (const track of stream.getTracks()) track.stop();
        return false;
      }
      this.localStream = stream;
      this.cameras = withVideo ? await cameraCount() : 0;
      if (this.isDropped) {
        for (const track of stream.getTracks()) track.stop();
        return false;
      }
      this.changed();
      return true;
    } catch (error) {
      this.fail(errorOf(error));
      return false;
    }
  }

  /** Joins the visit on this device: the patient's answer, or either side taking it back after a reconnect. */
  private async join() {
    const visitId = this.state.visitId;
    if (visitId === null || this.isDropped) return;
    try {
      const joined = await askVisit(visitEvents.join, { visit_id: visitId }, visitJoinedSchema, this.whileOpen);
      // Left meanwhile: the screen's hang-up (or the visit's end) is on its way already.
      if (this.isDropped) return;
      if (!this.pc) this.makePeer(joined.ice_servers);
      this.dispatch({ type: 'joined', visitId });
      // The server took this side as disconnected when its socket went: it hears the connection's state again.
      this.reported = null;
      this.report();
      if (this.state.stage === 'ringing') {
        // Staff back while the phone still rings: it waits for the patient's device to join (`visit:joined`), unless
        // the patient answered while this device was away and so was never told.
        if (!joined.other_joined) return;
        this.dispatch({ type: 'other-joined' });
      }
      this.armGiveUp();
      if (this.side === 'staff') this.offer();
    } catch (error) {
      this.fail(errorOf(error));
    }
  }

  private makePeer(iceServers: IceServer[]) {
    const pc = new RTCPeerConnection({ iceServers });
    this.pc = pc;
    this.candidates = createCandidateQueue(async (candidate) => {
      // A candidate of an earlier ICE generation is refused by the browser and is of no use any more.
      await pc.addIceCandidate(candidate ?? undefined).catch(() => {});
    });
    const stream = this.localStream;
    for (const track of stream?.getTracks() ?? []) pc.addTrack(track, stream!);
    // The staff side's offer always asks for the patient's video, even when its own camera stays off.
    if (this.side === 'staff' && !stream?.getVideoTracks().length)
      pc.addTransceiver('video', { direction: 'recvonly' });
    pc.onicecandidate = (event) => {
      const candidate = event.candidate?.toJSON();
      void this.signal({ candidate: candidate?.candidate ? { ...candidate, candidate: candidate.candidate } : null });
    };
    pc.ontrack = (event) => {
      const remote = event.streams[0] ?? this.remoteStream ?? new MediaStream();
      if (!event.streams[0]) remote.addTrack(event.track);
      this.remoteStream = remote;
      this.changed();
    };
    pc.onconnectionstatechange = () => this.onPeerState(pc);
    for (const early of this.early.splice(0)) this.receive(early);
  }

  private onPeerState(pc: RTCPeerConnection) {
    if (pc !== this.pc || this.isOver) return;
    const connected = pc.connectionState === 'connected';
    if (connected) {
      this.restarts = 0;
      clearTimeout(this.giveUp);
      this.watchQuality();
    } else if (pc.connectionState === 'new' || pc.connectionState === 'connecting') {
      return;
    }
    this.dispatch({ type: 'peer', connected, at: this.now() });
    this.report();
    if (pc.connectionState === 'failed') {
      if (this.side === 'staff' && this.restarts < MAX_RESTARTS) {
        this.restarts += 1;
        this.offer();
      }
      this.armGiveUp();
    }
  }

  /** Tells the server this side's connection state (failed and closed count as disconnected), once per change. */
  private report() {
    const visitId = this.state.visitId;
    if (visitId === null || !this.pc || this.isOver) return;
    const state = this.pc.connectionState === 'connected' ? 'connected' : 'disconnected';
    if (state === this.reported) return;
    this.reported = state;
    askVisit(visitEvents.connection, { visit_id: visitId, state }, visitConnectionSchema, this.whileOpen).catch(() => {
      // Sent again with the next change or join.
      if (this.reported === state) this.reported = null;
    });
  }

  /** A call not connected in time is given up: a network that lets no video call through looks like this. */
  private armGiveUp() {
    clearTimeout(this.giveUp);
    this.giveUp = setTimeout(() => {
      if (this.isOver || this.pc?.connectionState === 'connected') return;
      void this.hangUp({ kind: 'connection' });
    }, CONNECT_TIMEOUT_MS);
  }

  /** Staff: a (new) offer; after the first, an ICE restart, since the path the media took may be gone. */
  private offer() {
    const pc = this.pc;
    if (this.side !== 'staff' || !pc) return;
    this.chain = this.chain
      .then(async () => {
        if (pc !== this.pc || this.isOver) return;
        const offer = await pc.createOffer({ iceRestart: pc.remoteDescription !== null });
        await pc.setLocalDescription(offer);
        await this.signal({ description: descriptionOf(pc) });
      })
      .catch(() => {});
  }

  private async signal(message: Pick<VisitSignal, 'description' | 'candidate'>) {
    const visitId = this.state.visitId;
    if (visitId === null || this.isOver) return;
    // Refused while the other side is away: its device joins again and is offered anew then.
    await askVisit(visitEvents.signal, { visit_id: visitId, ...message }, visitSignalledSchema, this.whileOpen).catch(
      () => {},
    );
  }

  /** `visit:joined`: the other side's device joined (or came back); the staff side offers to it. */
  onJoined(payload: unknown) {
    const joined = visitJoinedEventSchema.safeParse(payload);
    if (!joined.success || joined.data.visit_id !== this.state.visitId || this.isOver) return;
    if (this.side === 'staff' && joined.data.side === 'patient') {
      this.dispatch({ type: 'other-joined' });
      this.armGiveUp();
      this.offer();
    }
  }

  /** `visit:signal`: the other side's description or candidate. */
  onSignal(payload: unknown) {
    const signal = visitSignalBodySchema.safeParse(payload);
    if (!signal.success || signal.data.visit_id !== this.state.visitId || this.isOver) return;
    const message = signal.data;
    if (!this.pc) this.early.push(message);
    else this.receive(message);
  }

  private receive(message: VisitSignal) {
    const pc = this.pc!;
    this.chain = this.chain
      .then(async () => {
        if (pc !== this.pc || this.isOver) return;
        if (message.candidate !== undefined) {
          await this.candidates.add(message.candidate);
          return;
        }
        const description = message.description!;
        if (description.type === 'offer' && this.side === 'patient') {
          await pc.setRemoteDescription(description);
          await this.candidates.open();
          await pc.setLocalDescription(await pc.createAnswer());
          await this.signal({ description: descriptionOf(pc) });
        } else if (description.type === 'answer' && pc.signalingState === 'have-local-offer') {
          await pc.setRemoteDescription(description);
          await this.candidates.open();
        }
      })
      .catch(() => {});
  }

  /** `visit:ended`: either side hung up, or the server ended the visit. */
  onEnded(payload: unknown) {
    const end = visitEndedSchema.safeParse(payload);
    if (!end.success || end.data.visit_id !== this.state.visitId) return;
    this.dispatch({ type: 'ended', end: end.data, at: this.now() });
    this.close();
  }

  /** The socket is back (a screen lock, a network drop): this device joins the same visit again. */
  onSocketConnected() {
    if (this.state.visitId === null || this.isOver || this.state.stage === 'preparing') return;
    void this.join();
  }

  setSocketLive(live: boolean) {
    this.dispatch({ type: 'socket', live });
  }

  /**
   * Ends the visit for both sides; with a reason, the call failed and the screen says why. `waitMs`: how long to wait
   * for the connection to the server to come back first.
   */
  async hangUp(failure?: CallError, waitMs?: number) {
    const visitId = this.state.visitId;
    if (failure) this.fail(failure);
    if (visitId === null) {
      this.close();
      return;
    }
    try {
      // Once the screen went away, a hang-up waiting for the connection is not sent: it could reach the server under
      // whoever signs in next.
      const end = await askVisit(visitEvents.hangUp, { visit_id: visitId }, visitEndedSchema, {
        waitMs,
        isWanted: () => !this.disposed,
      });
      this.dispatch({ type: 'ended', end, at: this.now() });
    } catch (error) {
      this.fail(errorOf(error));
    } finally {
      this.close();
    }
  }

  toggleMute() {
    const muted = !this.state.muted;
    for (const track of this.localStream?.getAudioTracks() ?? []) track.enabled = !muted;
    this.dispatch({ type: 'muted', muted });
  }

  toggleCamera() {
    const cameraOff = !this.state.cameraOff;
    for (const track of this.localStream?.getVideoTracks() ?? []) track.enabled = !cameraOff;
    this.dispatch({ type: 'camera-off', cameraOff });
  }

  /**
   * The other camera: on a phone the front or back one (by facing mode), on a computer the next one in the list. The
   * old camera stops first, as many phones cannot hold two open at once; the other side keeps the same sender.
   */
  async switchCamera() {
    const stream = this.localStream;
    const old = stream?.getVideoTracks()[0];
    if (!stream || !old || this.isDropped) return;
    /** Another switch, the end of the call or the screen going away came meanwhile. */
    const isStale = () => this.isDropped || this.localStream !== stream;
    try {
      let video: MediaTrackConstraints;
      if (this.side === 'patient') {
        video = { facingMode: this.facing === 'user' ? 'environment' : 'user' };
      } else {
        const cameras = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
        // No camera listed (unplugged meanwhile): the one in use stays on.
        if (cameras.length === 0 || isStale()) return;
        const at = cameras.findIndex((camera) => camera.deviceId === old.getSettings().deviceId);
        video = { deviceId: { exact: cameras[(at + 1) % cameras.length]!.deviceId } };
      }
      old.stop();
      if (this.side === 'patient') this.facing = this.facing === 'user' ? 'environment' : 'user';
      const [track] = (await navigator.mediaDevices.getUserMedia({ video })).getVideoTracks();
      if (!track) return;
      if (isStale()) {
        track.stop();
        return;
      }
      track.enabled = !this.state.cameraOff;
      await this.pc
        ?.getSenders()
        .find((sender) => sender.track === old || sender.track?.kind === 'video')
        ?.replaceTrack(track);
      if (isStale()) {
        track.stop();
        return;
      }
      this.localStream = new MediaStream([...stream.getAudioTracks(), track]);
    } catch {
      // The other camera would not open: the call goes on without video until the camera is switched again.
    }
    this.changed();
  }

  /** Looks at the connection's numbers while connected, and says it is weak after two weak looks in a row. */
  private watchQuality() {
    clearInterval(this.stats);
    this.sample = null;
    this.weakLooks = 0;
    this.stats = setInterval(async () => {
      const pc = this.pc;
      if (pc?.connectionState !== 'connected') return;
      const next = sampleOf(await pc.getStats());
      const sendsVideo = !this.state.cameraOff && (this.localStream?.getVideoTracks().length ?? 0) > 0;
      const expectsVideo = (this.remoteStream?.getVideoTracks().length ?? 0) > 0;
      this.weakLooks = isWeak(this.sample, next, { sendsVideo, expectsVideo }) ? this.weakLooks + 1 : 0;
      this.sample = next;
      this.dispatch({ type: 'weak', weak: this.weakLooks >= 2 });
    }, STATS_EVERY_MS);
  }

  private fail(error: CallError) {
    this.dispatch({ type: 'failed', error, at: this.now() });
    this.close();
  }

  /** Stops the camera and microphone and closes the connection. */
  private close() {
    clearTimeout(this.giveUp);
    clearInterval(this.stats);
    for (const track of this.localStream?.getTracks() ?? []) track.stop();
    this.pc?.close();
    this.pc = null;
    this.changed();
  }

  /**
   * The screen went away: a visit still open is hung up (deferred, so a remount at once keeps it). Only over a live
   * connection: without one the server ends the visit itself once neither side is connected, and a hang-up sent
   * later could reach the server under whoever signs in next.
   */
  release() {
    this.leaving = setTimeout(() => {
      this.disposed = true;
      const visitId = this.state.visitId;
      const isOpen = !this.isOver && this.state.stage !== 'idle';
      this.close();
      if (isOpen && visitId !== null) this.abandon(visitId);
    }, 0);
  }

  /** Hangs up a visit this screen left, over a live connection only (see `release`); nothing waits for an answer. */
  private abandon(visitId: number) {
    askVisit(visitEvents.hangUp, { visit_id: visitId }, visitEndedSchema, { waitMs: 0 }).catch(() => {});
  }

  keep() {
    clearTimeout(this.leaving);
  }
}
