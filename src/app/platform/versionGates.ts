/**
 * Which messenger features this client may use, from the mini app's Bot API version
 * (spec 000 s.9 and 001 s.9): 6.1 haptics, 6.2 alert, 7.0 settings button, 7.2 biometrics,
 * 7.10 secondary button; and 6.4 the QR scanner (`showScanQrPopup`, Bot API 6.4) for withdraw
 * addresses, 6.9 the contact request (`requestContact`) for the phone verification step. The web has none of them; each has a web fallback elsewhere.
 */
export interface Capabilities {
  readonly haptics: boolean;
  readonly alert: boolean;
  readonly settingsButton: boolean;
  readonly biometrics: boolean;
  readonly secondaryButton: boolean;
  readonly qrScanner: boolean;
  readonly contactRequest: boolean;
}

export type Capability = keyof Capabilities;

export const minimumVersions: Readonly<Record<Capability, string>> = {
  haptics: '6.1',
  alert: '6.2',
  settingsButton: '7.0',
  biometrics: '7.2',
  secondaryButton: '7.10',
  qrScanner: '6.4',
  contactRequest: '6.9',
};

/** Compares dotted versions numerically: "7.10" is newer than "7.2". */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const difference = (left[index] || 0) - (right[index] || 0);
    if (difference !== 0) return difference > 0 ? 1 : -1;
  }
  return 0;
}

export function isVersionAtLeast(version: string, minimum: string): boolean {
  return compareVersions(version, minimum) >= 0;
}

export const noCapabilities: Capabilities = {
  haptics: false,
  alert: false,
  settingsButton: false,
  biometrics: false,
  secondaryButton: false,
  qrScanner: false,
  contactRequest: false,
};

/** The capabilities of a mini app at `version`; `null` (the web) has none. */
export function capabilitiesFor(version: string | null): Capabilities {
  if (version === null) return noCapabilities;
  return {
    haptics: isVersionAtLeast(version, minimumVersions.haptics),
    alert: isVersionAtLeast(version, minimumVersions.alert),
    settingsButton: isVersionAtLeast(version, minimumVersions.settingsButton),
    biometrics: isVersionAtLeast(version, minimumVersions.biometrics),
    secondaryButton: isVersionAtLeast(version, minimumVersions.secondaryButton),
    qrScanner: isVersionAtLeast(version, minimumVersions.qrScanner),
    contactRequest: isVersionAtLeast(version, minimumVersions.contactRequest),
  };
}
