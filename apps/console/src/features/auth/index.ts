// The auth feature's public entry: what other features may use.
export { authKeys, type Profile } from './api';
export { endReason, endSession, forceLogout } from './session/session';
export { useSessionToken } from './session/sessionToken';
