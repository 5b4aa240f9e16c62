/**
 * A browser with the Push API for jsdom tests (which has none): Notification permission, a service worker
 * registration and a push manager whose subscribe answers what the test says. `uninstall()` takes it away again.
 */
export interface FakePushOptions {
  /** What `Notification.requestPermission()` answers. */
  answer?: NotificationPermission;
  /** The permission before asking. */
  permission?: NotificationPermission;
  /** Error `pushManager.subscribe` throws (e.g. the push service is unreachable). */
  subscribeError?: Error;
  /** An existing subscription (`getSubscription`). */
  subscribed?: boolean;
}

export function installFakePush(options: FakePushOptions = {}) {
  const state = {
    permission: options.permission ?? 'default',
    subscribed: options.subscribed ?? false,
    asked: 0,
  };
  const subscription = {
    endpoint: 'https://push.example.org/send/abc',
    toJSON: () => ({
      endpoint: 'https://push.example.org/send/abc',
      expirationTime: null,
      keys: { p256dh: 'BPk', auth: 'xyz' },
    }),
  };
  const pushManager = {
    async subscribe() {
      if (options.subscribeError) throw options.subscribeError;
      state.subscribed = true;
      return subscription;
    },
    async getSubscription() {
      return state.subscribed ? subscription : null;
    },
  };
  const registration = { pushManager };
  class FakeNotification {
    static get permission() {
      return state.permission;
    }
    static async requestPermission() {
      state.asked++;
      state.permission = options.answer ?? 'granted';
      return state.permission;
    }
  }
  const serviceWorker = {
    register: async () => registration,
    ready: Promise.resolve(registration),
    getRegistration: async () => registration,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  Object.assign(window, { PushManager: class {}, Notification: FakeNotification });
  return {
    state,
    uninstall() {
      delete (navigator as unknown as Record<string, unknown>).serviceWorker;
      delete (window as unknown as Record<string, unknown>).PushManager;
      delete (window as unknown as Record<string, unknown>).Notification;
    },
  };
}
