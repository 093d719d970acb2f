import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { LocationErrorPage, LocationPending } from './LocationScreens';
import { useDeviceLocation } from './useDeviceLocation';

export interface LocationGateProps {
  children: ReactNode;
  /** Keep following the position after the first fix (the admin area may want this). */
  watch?: boolean;
}

/**
 * Spec §4: a denied or unavailable location blocks everything behind the gate except the
 * location error page. The sign-in screens and the signed-in areas sit behind it, since the
 * API records where each sign-in and money movement happens; public pages and tools do not.
 */
export function LocationGate({ children, watch }: LocationGateProps) {
  const location = useDeviceLocation({ watch });
  if (location.status === 'error' && location.error) {
    return <LocationErrorPage error={location.error} onRetry={location.retry} />;
  }
  if (location.status !== 'ready') return <LocationPending retryCount={location.retryCount} />;
  return children;
}

/** The gate as a layout route: `{ Component: LocationGateLayout, children: [...] }`. */
export function LocationGateLayout() {
  return (
    <LocationGate>
      <Outlet />
    </LocationGate>
  );
}
