import { useEffect, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { OrthographicCamera, PerspectiveCamera, Vector3 } from 'three';
import type { PlayerId, Setup } from '../core/model/types';
import { frame } from '../state/frame';
import { matchStore } from '../state/matchStore';
import { sessionStore, type CameraMode, type SeatView } from '../state/sessionStore';
import { namedView, planView } from './cameraViews';

/** What the rig needs of the orbit controls (drei's OrbitControls, made default). */
export interface OrbitLike {
  target: Vector3;
  update(): void;
  addEventListener(type: 'start', listener: () => void): void;
  removeEventListener(type: 'start', listener: () => void): void;
}

interface CameraRigProps {
  setup: Setup;
  held: Record<PlayerId, string> | null;
  /** whose side the named views take: the viewer, or A in solo */
  player: PlayerId;
}

interface Glide {
  from: { position: Vector3; target: Vector3 };
  to: { position: Vector3; target: Vector3 };
  start: number;
  duration: number;
}

const GLIDE_MS = 550;

/**
 * The last request each camera has answered, kept while the rig is away (a dialog or a hand-over covers
 * the table): coming back, the rig does not answer it again and move a camera the user had moved since.
 */
const answeredFor = new WeakMap<object, number>();

/** Where each camera's controls looked when the rig went away: the controls come back new, looking at the origin. */
const lookedAt = new WeakMap<object, Vector3>();
const ease = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/**
 * Answers the session's camera requests (reset, top-down, my zone): computes the framed pose for
 * the current screen and glides there, rendering on demand only while it moves. A user's own orbit,
 * pan or zoom cancels a glide and marks the view as free. The plan view (issue 41) is the scene's
 * orthographic camera, put in place at once (no glide between projections): a request waits until the
 * scene has the camera of its projection, then it is answered.
 */
export function CameraRig({ setup, held, player }: CameraRigProps) {
  const camera = useThree((s) => s.camera);
  const controls = useThree((s) => s.controls) as unknown as OrbitLike | null;
  const size = useThree((s) => s.size);
  const invalidate = useThree((s) => s.invalidate);
  const glide = useRef<Glide | null>(null);
  const inputs = useRef({ setup, held, player, size });
  inputs.current = { setup, held, player, size };
  /** the last request answered: a request is answered once, however often the effect re-subscribes */
  const answered = useRef(answeredFor.get(camera) ?? -1);
  const latest = useRef({ camera, controls });
  latest.current = { camera, controls };

  // A hand-over (or the New game dialog) covers the table and takes the rig and the controls away: where
  // the controls looked is kept for this camera, and at a hand-over the camera as this seat leaves it, put
  // back when the seat has the screen again (issue 41; `seatCamera`).
  useEffect(
    () => () => {
      const m = matchStore.getState();
      const { camera: cam, controls: ctl } = latest.current;
      // A glide cut short ends where it was going.
      if (glide.current) {
        cam.position.copy(glide.current.to.position);
        frame.cameraBusy = false;
      }
      if (ctl) lookedAt.set(cam, (glide.current?.to.target ?? ctl.target).clone());
      if (m.mode !== 'hotseat' || m.remote !== null || m.seat === null || m.handOverTo === null || !ctl) return;
      // Mid-glide: where it was going.
      const g = glide.current;
      const position = g ? g.to.position : cam.position;
      const target = g ? g.to.target : ctl.target;
      const plan = cam instanceof OrthographicCamera;
      sessionStore.getState().saveSeatView(m.seat, {
        view: sessionStore.getState().cameraView,
        plan,
        position: [position.x, position.y, position.z],
        target: [target.x, target.y, target.z],
        zoom: plan ? cam.zoom : 1,
      });
    },
    [],
  );

  // The user takes over: stop gliding, the view is now free.
  useEffect(() => {
    if (!controls) return;
    const onStart = () => {
      glide.current = null;
      frame.cameraBusy = false;
      sessionStore.getState().setCameraView('free');
    };
    controls.addEventListener('start', onStart);
    return () => controls.removeEventListener('start', onStart);
  }, [controls]);

  // Go to a named view: at once, or gliding.
  useEffect(() => {
    if (!controls) return;
    const go = (mode: CameraMode, instant: boolean, left?: SeatView) => {
      const cam = camera as PerspectiveCamera;
      const { setup: s, held: h, player: p, size: box } = inputs.current;
      if (left) {
        putBack(left);
        return;
      }
      if (camera instanceof OrthographicCamera) {
        const pose = planView({ setup: s, held: h, player: p }, box);
        sessionStore.getState().setCameraView(mode);
        glide.current = null;
        frame.cameraBusy = false;
        camera.position.copy(pose.position);
        camera.zoom = pose.zoom;
        camera.updateProjectionMatrix();
        controls.target.copy(pose.target);
        controls.update();
        invalidate();
        return;
      }
      const pose = namedView(mode === 'plan' ? 'top' : mode, { setup: s, held: h, player: p, lens: { fov: cam.fov, aspect: box.width / Math.max(1, box.height) } });
      sessionStore.getState().setCameraView(mode);
      if (instant) {
        // An instant view ends any glide under way (a resize re-frames at once, say): not busy any more.
        glide.current = null;
        frame.cameraBusy = false;
        // Already there (a hand-over's view asked again as the table comes back): no frame to draw.
        if (camera.position.distanceToSquared(pose.position) < 1e-10 && controls.target.distanceToSquared(pose.target) < 1e-10) return;
        camera.position.copy(pose.position);
        controls.target.copy(pose.target);
        controls.update();
        invalidate();
        return;
      }
      glide.current = {
        from: { position: camera.position.clone(), target: controls.target.clone() },
        to: pose,
        start: performance.now(),
        duration: GLIDE_MS,
      };
      frame.cameraBusy = true;
      invalidate();
    };
    /** A seat's camera as it left it: that very place, its view still the one the user had made. */
    const putBack = (pose: SeatView) => {
      glide.current = null;
      frame.cameraBusy = false;
      sessionStore.getState().setCameraView(pose.view);
      camera.position.set(...pose.position);
      if (camera instanceof OrthographicCamera && camera.zoom !== pose.zoom) {
        camera.zoom = pose.zoom;
        camera.updateProjectionMatrix();
      }
      controls.target.set(...pose.target);
      controls.update();
      invalidate();
    };
    const answer = () => {
      const req = sessionStore.getState().camera;
      if (req.seq === answered.current) return;
      // Not yet the camera of the view's projection: answered when the scene has switched it.
      if ((req.mode === 'plan') !== camera instanceof OrthographicCamera) return;
      answered.current = req.seq;
      answeredFor.set(camera, req.seq);
      go(req.mode, req.instant, req.pose);
    };
    // Back after a dialog covered the table, with no new request: the controls look where they did.
    const was = lookedAt.get(camera);
    if (was && sessionStore.getState().camera.seq === answered.current && !controls.target.equals(was)) {
      controls.target.copy(was);
      controls.update();
      invalidate();
    }
    answer();
    return sessionStore.subscribe(answer);
  }, [camera, controls, invalidate]);

  // A new screen size re-frames a named view (not one the user chose by hand).
  useEffect(() => {
    const { cameraView } = sessionStore.getState();
    if (cameraView !== 'free') sessionStore.getState().requestCamera(cameraView, true);
  }, [size.width, size.height, held, player]);

  useFrame(() => {
    const g = glide.current;
    if (!g || !controls) return;
    const t = Math.min(1, (performance.now() - g.start) / g.duration);
    const k = ease(t);
    camera.position.lerpVectors(g.from.position, g.to.position, k);
    controls.target.lerpVectors(g.from.target, g.to.target, k);
    controls.update();
    if (t < 1) invalidate();
    else {
      glide.current = null;
      frame.cameraBusy = false;
    }
  });

  return null;
}
