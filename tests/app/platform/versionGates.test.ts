import { describe, expect, it } from 'vitest';
import { capabilitiesFor, compareVersions } from '../../../src/app/platform/versionGates.ts';

describe('version gates', () => {
  it('compare versions numerically, so 7.10 is newer than 7.2', () => {
    expect(compareVersions('7.10', '7.2')).toBe(1);
    expect(compareVersions('6.1', '6.1.0')).toBe(0);
    expect(compareVersions('6.0', '6.1')).toBe(-1);
  });

  it('give the web no messenger feature', () => {
    expect(capabilitiesFor(null)).toEqual({
      haptics: false,
      alert: false,
      settingsButton: false,
      biometrics: false,
      secondaryButton: false,
      qrScanner: false,
      contactRequest: false,
    });
  });

  it.each([
    [
      '6.0',
      {
        haptics: false,
        alert: false,
        settingsButton: false,
        biometrics: false,
        secondaryButton: false,
        qrScanner: false,
        contactRequest: false,
      },
    ],
    [
      '6.1',
      {
        haptics: true,
        alert: false,
        settingsButton: false,
        biometrics: false,
        secondaryButton: false,
        qrScanner: false,
        contactRequest: false,
      },
    ],
    [
      '6.2',
      {
        haptics: true,
        alert: true,
        settingsButton: false,
        biometrics: false,
        secondaryButton: false,
        qrScanner: false,
        contactRequest: false,
      },
    ],
    [
      '6.4',
      {
        haptics: true,
        alert: true,
        settingsButton: false,
        biometrics: false,
        secondaryButton: false,
        qrScanner: true,
        contactRequest: false,
      },
    ],
    [
      '6.9',
      {
        haptics: true,
        alert: true,
        settingsButton: false,
        biometrics: false,
        secondaryButton: false,
        qrScanner: true,
        contactRequest: true,
      },
    ],
    [
      '6.10',
      {
        haptics: true,
        alert: true,
        settingsButton: false,
        biometrics: false,
        secondaryButton: false,
        qrScanner: true,
        contactRequest: true,
      },
    ],
    [
      '7.0',
      {
        haptics: true,
        alert: true,
        settingsButton: true,
        biometrics: false,
        secondaryButton: false,
        qrScanner: true,
        contactRequest: true,
      },
    ],
    [
      '7.2',
      {
        haptics: true,
        alert: true,
        settingsButton: true,
        biometrics: true,
        secondaryButton: false,
        qrScanner: true,
        contactRequest: true,
      },
    ],
    [
      '7.9',
      {
        haptics: true,
        alert: true,
        settingsButton: true,
        biometrics: true,
        secondaryButton: false,
        qrScanner: true,
        contactRequest: true,
      },
    ],
    [
      '7.10',
      {
        haptics: true,
        alert: true,
        settingsButton: true,
        biometrics: true,
        secondaryButton: true,
        qrScanner: true,
        contactRequest: true,
      },
    ],
    [
      '8.0',
      {
        haptics: true,
        alert: true,
        settingsButton: true,
        biometrics: true,
        secondaryButton: true,
        qrScanner: true,
        contactRequest: true,
      },
    ],
  ])('open at version %s exactly the features the spec allows', (version, expected) => {
    expect(capabilitiesFor(version)).toEqual(expected);
  });
});
