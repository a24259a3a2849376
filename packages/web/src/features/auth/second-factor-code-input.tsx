import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * The field for a code from the authenticator app (or, with `acceptsRecoveryCode`, a recovery
 * code): the browser and phone keyboards know it as a one-time code.
 */
export const SecondFactorCodeInput = ({
  acceptsRecoveryCode = false,
  ...props
}: TextInputProps & { acceptsRecoveryCode?: boolean }) => (
  <TextInput
    autoComplete="one-time-code"
    inputMode={acceptsRecoveryCode ? 'text' : 'numeric'}
    spellCheck={false}
    autoCapitalize="off"
    maxLength={40}
    required
    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.1em' } }}
    {...props}
  />
);
