import { afterEach, describe, expect, it, vi } from 'vitest';
import { Clock, setConsoleFunction, warn } from 'three';
import { installThreeConsole } from './threeConsole';

describe("three's console", () => {
  afterEach(() => {
    setConsoleFunction(null as never);
    vi.restoreAllMocks();
  });

  it('leaves out the Clock deprecation that every canvas of React Three Fiber causes, and passes every other warning on', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installThreeConsole();
    new Clock();
    expect(spy).not.toHaveBeenCalled();
    warn('WebGLRenderer: something else');
    expect(spy).toHaveBeenCalledWith('THREE.WebGLRenderer: something else');
  });
});
