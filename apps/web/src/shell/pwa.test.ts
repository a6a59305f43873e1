import { describe, expect, it, vi } from 'vitest';
import { watchServiceWorker } from './pwa';

class FakeTarget extends EventTarget {}

class FakeWorker extends FakeTarget {
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage = vi.fn();
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends FakeTarget {
  active: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
}

class FakeContainer extends FakeTarget {
  controller: FakeWorker | null = null;
  registration = new FakeRegistration();
  register = vi.fn(async () => this.registration);
  takeControl(worker: FakeWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

function watch(container: FakeContainer) {
  const states: Record<string, boolean> = {};
  const reload = vi.fn();
  const registered = watchServiceWorker(container as unknown as ServiceWorkerContainer, {
    onChange: (patch) => Object.assign(states, patch),
    reload,
  });
  return { states, reload, registered };
}

describe('watchServiceWorker', () => {
  it('registers /sw.js with scope "/" and reports a first install as offline ready, then activated', async () => {
    const container = new FakeContainer();
    const worker = new FakeWorker('installing');
    container.registration.installing = worker;
    const { states, reload, registered } = watch(container);
    await registered;
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(states).toEqual({ registered: true });
    worker.become('installed');
    expect(states.offlineReady).toBe(true);
    worker.become('activated');
    expect(states.activated).toBe(true);
    // The first install claiming the page does not reload it.
    container.takeControl(worker);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reports an update as available and reloads when the new worker takes over', async () => {
    const container = new FakeContainer();
    const current = new FakeWorker('activated');
    container.controller = current;
    container.registration.active = current;
    const { states, reload, registered } = watch(container);
    await registered;
    expect(states.activated).toBe(true);

    const next = new FakeWorker('installing');
    container.registration.installing = next;
    container.registration.dispatchEvent(new Event('updatefound'));
    next.become('installed');
    expect(states.updateAvailable).toBe(true);
    expect(states.offlineReady).toBeUndefined();

    container.takeControl(next);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reports a worker already waiting at start as an update', async () => {
    const container = new FakeContainer();
    container.controller = new FakeWorker('activated');
    container.registration.waiting = new FakeWorker('installed');
    const { states, registered } = watch(container);
    await registered;
    expect(states.updateAvailable).toBe(true);
  });

  it('reports a failed registration', async () => {
    const container = new FakeContainer();
    container.register.mockRejectedValueOnce(new Error('blocked'));
    const onRegisterError = vi.fn();
    await watchServiceWorker(container as unknown as ServiceWorkerContainer, { onChange: () => {}, onRegisterError });
    expect(onRegisterError).toHaveBeenCalled();
  });
});
