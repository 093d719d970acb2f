/** What a device check looks at, and how a retailer can look for themselves meanwhile. */
export interface DeviceCheck {
  title: string;
  what: string;
  howToCheck: string;
}
