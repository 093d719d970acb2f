// The auth feature's public entry: what other features may use.
export { authKeys, type Profile } from './api';
export { endReason, endSession, forceLogout, replaceSessionToken } from './session/session';
export { useSessionToken } from './session/sessionToken';
export { useLogout } from './session/useLogout';
export { useSession } from './session/useSession';
