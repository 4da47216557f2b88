// What a logo upload may be (decisions §23), for the route's checks (check-logo.ts) and the panel's
// form, which refuses before sending what the route would refuse anyway.
export const MAX_LOGO_BYTES = 200 * 1024;
export const LOGO_TYPES = ["image/png", "image/svg+xml"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
