// A role started by `castwright start` tells its supervisor when it is up, over the IPC
// channel the supervisor opened, so that one banner can say where to go once every role
// is ready. A role started any other way (Kubernetes, compose, by hand) has no channel and
// says nothing: its probes tell readiness there.
export interface RoleReady {
  type: 'castwright:role-ready';
  /** Where the api answers, for the banner (the api role only). */
  apiUrl?: string;
}

export function announceReady(details: Omit<RoleReady, 'type'> = {}): void {
  if (!process.send) return;
  const message: RoleReady = { type: 'castwright:role-ready', ...details };
  process.send(message);
  // The channel must not keep a stopping role alive.
  process.channel?.unref();
}

export function isRoleReady(message: unknown): message is RoleReady {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'castwright:role-ready';
}
