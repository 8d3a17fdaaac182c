import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ThemePreference } from '../../../../machines/theme.machine.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';

const preferenceLabels: Record<ThemePreference, MessageDescriptor> = {
  device: msg({ message: 'Same as device', context: 'theme' }),
  light: msg({ message: 'Light', context: 'theme' }),
  dark: msg({ message: 'Dark', context: 'theme' }),
};

const order: readonly ThemePreference[] = ['device', 'light', 'dark'];

/**
 * The theme choice on the settings page: same as the device, light or dark. It renders the
 * theme machine's snapshot (the platform's `theme` actor) and sends `theme.set`. Inside the
 * messenger the machine takes no choice (the colours are Telegram's), so nothing is shown.
 */
export function ThemeControl() {
  const { i18n } = useLingui();
  const actor = usePlatform().theme;
  const choosable = useSelector(actor, (snapshot) => snapshot.can({ type: 'theme.toggle' }));
  const preference = useSelector(actor, (snapshot) => snapshot.context.preference);
  if (!choosable) return null;
  return (
    <ChoiceSection header={<Trans>Theme</Trans>}>
      {order.map((option) => (
        <Choice
          key={option}
          title={i18n._(preferenceLabels[option])}
          checked={preference === option}
          onSelect={() => actor.send({ type: 'theme.set', preference: option })}
        />
      ))}
    </ChoiceSection>
  );
}
