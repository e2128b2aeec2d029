import { describe, expect, it } from 'vitest';
import { createSessionStore, type SeatView } from './sessionStore';

const moved: SeatView = { view: 'free', plan: false, position: [10, 20, 30], target: [12, 0, -24], zoom: 1 };

describe('seatCamera (issue 41: each Hotseat seat finds the camera where it left it)', () => {
  it('gives a seat with no camera kept its default view, at once', () => {
    const s = createSessionStore();
    s.getState().seatCamera('A');
    expect(s.getState().camera).toMatchObject({ mode: 'reset', instant: true });
    expect(s.getState().camera.pose).toBeUndefined();
    expect(s.getState().cameraView).toBe('reset');
  });

  it('puts back a named view framed again, and a view moved by hand at its very place', () => {
    const s = createSessionStore();
    s.getState().saveSeatView('A', { ...moved, view: 'top' });
    s.getState().saveSeatView('B', moved);
    s.getState().seatCamera('A');
    expect(s.getState().camera).toMatchObject({ mode: 'top', instant: true });
    expect(s.getState().camera.pose).toBeUndefined();
    expect(s.getState().cameraView).toBe('top');
    const seq = s.getState().camera.seq;
    s.getState().seatCamera('B');
    expect(s.getState().camera).toEqual({ mode: 'reset', seq: seq + 1, instant: true, pose: moved });
    expect(s.getState().cameraView).toBe('free');
  });

  it('asks for the plan view\u2019s camera where the seat left it in the plan view', () => {
    const s = createSessionStore();
    s.getState().saveSeatView('B', { ...moved, plan: true, zoom: 3 });
    s.getState().seatCamera('B');
    expect(s.getState().camera.mode).toBe('plan');
    expect(s.getState().camera.pose?.zoom).toBe(3);
  });

  it('forgets every seat\u2019s camera at a new game', () => {
    const s = createSessionStore();
    s.getState().saveSeatView('A', moved);
    s.getState().seatCamera('A', true);
    expect(s.getState().camera.pose).toBeUndefined();
    expect(s.getState().seatViews).toEqual({});
    s.getState().saveSeatView('B', moved);
    s.getState().seatCamera(null);
    expect(s.getState().seatViews).toEqual({});
    expect(s.getState().cameraView).toBe('reset');
  });
});
